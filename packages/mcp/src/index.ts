export { createHumantimeMcpServer, TOOL_NAMES, SERVER_INSTRUCTIONS } from './create-server.js';
export { formatLocal, withLocalTimes } from './local-time.js';
export { NEXT_STEP } from './tool-result.js';
