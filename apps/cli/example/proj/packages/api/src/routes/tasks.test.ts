import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { taskRoutes } from "./tasks.js";

describe("GET /teams/:teamId/tasks", () => {
  it("refuses a team id that is not a UUID", async () => {
    const app = Fastify();
    await app.register(taskRoutes);
    const response = await app.inject({ method: "GET", url: "/teams/not-a-uuid/tasks" });
    expect(response.statusCode).toBe(400);
  });
});
