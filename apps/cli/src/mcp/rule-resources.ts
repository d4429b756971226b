import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { RuleUrlError, resolveRuleUrl } from "@rulebook/core";
import { ruleAddress } from "@rulebook/core";
import type { Session } from "../session.js";
import { ErrorCode, ListResourceTemplatesRequestSchema, ListResourcesRequestSchema, McpError, ReadResourceRequestSchema } from "./sdk.js";

/**
 * Serves every winning rule as a `rule://<name>` resource (`text/markdown`, its description
 * as the resource's). The handlers are the SDK's low-level ones because its registered
 * resources go through `new URL()`, which lower-cases `rule://Style` and re-encodes names;
 * here the URI is resolved as written, literal name first (docs/behaviour.md#rule).
 */
export function serveRuleResources(server: McpServer, session: () => Session): void {
  server.server.registerCapabilities({ resources: { listChanged: true } });
  server.server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: session().partition.all.map(
      ({ rule, category }): Resource => ({
        uri: ruleAddress(rule.name),
        name: rule.name,
        description: rule.description ?? `${category} rule without a description (${rule.source.provider}, ${rule.source.level})`,
        mimeType: "text/markdown",
      }),
    ),
  }));
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: "rule://{name}",
        name: "rule",
        description: "Any rule of the project by name, including manual and inactive ones; names with / (nested rules) are written as they are.",
        mimeType: "text/markdown",
      },
    ],
  }));
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    try {
      const { content } = resolveRuleUrl(uri, session().partition);
      return { contents: [{ uri, mimeType: "text/markdown", text: content }] };
    } catch (error) {
      if (error instanceof RuleUrlError) throw new McpError(ErrorCode.InvalidParams, error.message, { uri, available: error.available.slice(0, 20) });
      throw error;
    }
  });
}
