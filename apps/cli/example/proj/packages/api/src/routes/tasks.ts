import type { FastifyInstance } from "fastify";
import { listTasks } from "../db/tasks.js";
import { TeamParams } from "../schemas/team.js";

export async function taskRoutes(app: FastifyInstance) {
  app.get("/teams/:teamId/tasks", async (request) => {
    const { teamId } = TeamParams.parse(request.params);
    return { tasks: await listTasks(teamId) };
  });
}
