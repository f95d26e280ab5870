#!/usr/bin/env node
import { Humantime } from '@humantime/sdk';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadBinConfig, type BinConfig } from './config.js';
import { createHumantimeMcpServer } from './create-server.js';

// `humantime-mcp`: the MCP server over stdio, for clients that spawn it (Claude Desktop,
// IDEs, agent frameworks). stdout carries the protocol, so diagnostics go to stderr only,
// and the key is never printed.

let config: BinConfig;
try {
  config = loadBinConfig();
} catch (error) {
  process.stderr.write(`humantime-mcp: ${(error as Error).message}\n`);
  process.exit(1);
}

const server = createHumantimeMcpServer(new Humantime({ apiKey: config.apiKey, baseUrl: config.baseUrl }));
await server.connect(new StdioServerTransport());
process.stderr.write(`humantime-mcp: serving ${config.baseUrl} over stdio\n`);
