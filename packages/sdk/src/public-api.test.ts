import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// House style: JSDoc with an @example on every SDK export. Checked here with the compiler,
// for every export of src/index.ts and every public method of the exported classes.

const entry = path.join(import.meta.dirname, 'index.ts');
const program = ts.createProgram([entry], {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
});
const checker = program.getTypeChecker();
const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
const exported = checker.getExportsOfModule(moduleSymbol);

function resolve(symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function hasExample(symbol: ts.Symbol): boolean {
  return symbol.getJsDocTags(checker).some((tag) => tag.name === 'example');
}

describe('public API documentation', () => {
  it('exports what the README documents', () => {
    const names = exported.map((s) => s.name);
    for (const name of [
      'Humantime',
      'HumantimeError',
      'HumantimeConnectionError',
      'HumantimeTimeoutError',
      'SlotUnavailableError',
      'isHumantimeError',
      'verifyWebhook',
      'signWebhook',
      'WebhookSignatureError',
      'ListPromise',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('gives every export JSDoc with an @example', () => {
    const missing = exported.filter((symbol) => !hasExample(resolve(symbol))).map((s) => s.name);
    expect(missing).toEqual([]);
  });

  it('gives every public method of the exported classes an @example', () => {
    const missing: string[] = [];
    for (const symbol of exported.map(resolve)) {
      if (!(symbol.flags & ts.SymbolFlags.Class)) continue;
      const instance = checker.getDeclaredTypeOfSymbol(symbol);
      for (const member of instance.getProperties()) {
        const declaration = member.valueDeclaration;
        if (!declaration || !ts.isMethodDeclaration(declaration)) continue;
        if (declaration.getSourceFile().fileName.includes('node_modules')) continue;
        if (!hasExample(member)) missing.push(`${symbol.name}.${member.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
