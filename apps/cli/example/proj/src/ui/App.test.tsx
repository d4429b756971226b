import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { App } from "./App";

describe("App", () => {
  it("shows the team's tasks under a heading", async () => {
    render(<App teamId="t1" />);
    expect(await screen.findByRole("heading", { name: "Team tasks" })).toBeDefined();
  });
});
