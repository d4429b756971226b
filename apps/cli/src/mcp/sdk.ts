// Every value the MCP command takes from the MCP SDK and zod, in one module. The build makes it
// its own file (dist/mcp-sdk.js), required only when `rulebook mcp` runs: the SDK and zod are
// most of the app's code and no other command needs them. Only third-party code lives here;
// the command itself stays in the main bundle, with the one copy of the core's classes and state.
// Types may come from the SDK directly (they are erased); values must come from here.
export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
export {
  ErrorCode,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
export { z } from "zod";
