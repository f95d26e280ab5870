import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/api, found by walking up from this module to the nearest package.json: the same
 * answer whether the code runs from src/ under tsx or bundled into dist/ under node, so
 * files read at run time (migrations, the data directory) are found from either.
 */
export const API_PACKAGE_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));

function findPackageDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
