export { createHumantimeMcpServer, READ_TOOLS, TOOL_NAMES, SERVER_INSTRUCTIONS, type HumantimeMcpServerOptions } from './create-server.js';
export { formatLocal, withLocalTimes } from './local-time.js';
export { NEXT_STEP } from './tool-result.js';
