import { createHash } from "node:crypto";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { createServiceFixture } from "../../test/helpers/service-fixture.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("GET /", () => {
  it("serves one self-contained page whose only script and style are allowed by hash", async () => {
    const { app } = createServiceFixture();
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`script-src ${hash(scripts[0] ?? "")}`);
    expect(csp).toContain(`style-src ${hash(styles[0] ?? "")}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("the submit form", () => {
  it("offers quick and deep research, and sends depth only when deep is chosen", async () => {
    const { app } = createServiceFixture();
    const html = await (await app.request("/")).text();
    expect(html).toMatch(
      /<select id="depth" name="depth"><option value="quick">[^<]+<\/option><option value="deep">/,
    );
    expect(html).toContain('if ($("depth").value === "deep") body.depth = "deep";');
  });
});

describe("the page's markup and script", () => {
  it("has no inline handler, style attribute or external asset, and its script parses", async () => {
    const { app } = createServiceFixture();
    const html = await (await app.request("/")).text();
    const markup = html.replace(/<script>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>/g, "");
    expect(markup).not.toMatch(/\son[a-z]+=|\sstyle=|\ssrc=|https?:\/\//i);
    const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(() => new Script(script)).not.toThrow();
  });

  it("labels every field", async () => {
    const { app } = createServiceFixture();
    const html = await (await app.request("/")).text();
    const ids = [...html.matchAll(/<(?:input|select|textarea) id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(html).toContain(`<label for="${id}">`);
    // Radio buttons are labelled by the label around them.
    expect(html).toMatch(/<label><input type="radio" name="again" value="update"> /);
  });
});
