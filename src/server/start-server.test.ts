import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";
import { ConfigError } from "../config/config-error.ts";
import { isLoopbackHost } from "./loopback.ts";
import { startServer } from "./start-server.ts";

describe("startServer", () => {
  it.each(["0.0.0.0", "::", "192.168.1.20", "example.com"])(
    "refuses to bind %s without an API token, in one line",
    async (host) => {
      const { app } = createServiceFixture();
      const attempt = startServer({ app, host, port: 0, authRequired: false });
      await expect(attempt).rejects.toThrow(ConfigError);
      await expect(attempt).rejects.toThrow(
        `refusing to listen on ${host} without an API token: set IDEA_EXPLORER_API_TOKEN or use --host 127.0.0.1`,
      );
    },
  );

  it("binds a non-loopback host when tokens are configured", async () => {
    const { app } = createServiceFixture({ auth: { tokens: ["t"] } });
    const server = await startServer({ app, host: "0.0.0.0", port: 0, authRequired: true });
    try {
      const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      expect(await health.json()).toEqual({ status: "ok", auth: "bearer" });
    } finally {
      await server.close();
    }
  });

  it("serves on loopback by default and reports its URL", async () => {
    const { app } = createServiceFixture();
    const server = await startServer({ app, port: 0, authRequired: false });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect((await fetch(`${server.url}/api/jobs`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("says which port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { app } = createServiceFixture();
      await expect(startServer({ app, port, authRequired: false })).rejects.toThrow(
        `port ${port} on 127.0.0.1 is already in use: choose another with --port`,
      );
    } finally {
      blocker.close();
    }
  });

  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["0.0.0.0", false],
    ["::", false],
    ["10.0.0.1", false],
    ["localhost.example.com", false],
  ])("isLoopbackHost(%s) is %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
