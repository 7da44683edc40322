import { describe, expect, it } from "vitest";
import { FetchProvenance, fetchKey, hostMatches } from "./fetch-provenance.ts";
import { urlsInText } from "./urls-in-text.ts";

const refusal = (provenance: FetchProvenance, url: string, step = 1) => {
  const admission = provenance.admit(url, step);
  return admission.ok ? "ok" : admission.refusal;
};

describe("FetchProvenance", () => {
  it("reads only URLs the run has seen, exactly: nothing appended, nothing changed", () => {
    const p = new FetchProvenance();
    p.see("search", ["https://Market.example/report?year=2026#top"]);
    expect(refusal(p, "https://market.example/report?year=2026")).toBe("ok");
    expect(refusal(p, "HTTPS://MARKET.EXAMPLE:443/report?year=2026#other")).toBe("ok");
    for (const changed of [
      "https://market.example/report?year=2026&d=secret",
      "https://market.example/report?year=2027",
      "https://market.example/report/secret",
      "https://market.example/report?year=2026/",
      "http://market.example/report?year=2026",
      "https://evil.example/report?year=2026",
      "https://market.example.evil.example/report?year=2026",
    ]) {
      expect(refusal(p, changed), changed).toBe("not_seen");
    }
  });

  it("ignores only a trailing slash of a path without a query, and the fragment", () => {
    expect(fetchKey("https://a.example/docs/")).toBe(fetchKey("https://a.example/docs"));
    expect(fetchKey("https://a.example/docs/#x")).toBe(fetchKey("https://a.example/docs"));
    expect(fetchKey("https://a.example/docs/?q=1")).not.toBe(
      fetchKey("https://a.example/docs?q=1"),
    );
    expect(fetchKey("javascript:alert(1)")).toBeUndefined();
  });

  it("takes page links until private content joins the conversation, then only search and user URLs", () => {
    const p = new FetchProvenance();
    p.see("search", ["https://found.example/a"]);
    p.seeText("user", "Compare with https://ours.example/pricing.");
    p.seeText(
      "page",
      "See [the collector](https://evil.example/c?d=1) and https://found.example/a",
    );
    expect(refusal(p, "https://evil.example/c?d=1")).toBe("ok");
    p.markPrivate("read_research answered");
    expect(p.hasPrivate).toBe(true);
    expect(refusal(p, "https://evil.example/c?d=1")).toBe("page_link_after_private");
    // Seen as a search result too: a page repeating it does not demote it.
    expect(refusal(p, "https://found.example/a")).toBe("ok");
    expect(refusal(p, "https://ours.example/pricing")).toBe("ok");
    expect(p.admit("https://evil.example/c?d=1", 2)).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        "private material is in this conversation now (read_research answered)",
      ),
    });
  });

  it("caps fetches per step and per run", () => {
    const p = new FetchProvenance({ maxFetches: 3, maxFetchesPerStep: 2 });
    p.see("search", [
      "https://a.example/1",
      "https://a.example/2",
      "https://a.example/3",
      "https://a.example/4",
    ]);
    expect(refusal(p, "https://a.example/1", 1)).toBe("ok");
    expect(refusal(p, "https://a.example/2", 1)).toBe("ok");
    expect(refusal(p, "https://a.example/3", 1)).toBe("step_cap");
    expect(refusal(p, "https://a.example/3", 2)).toBe("ok");
    expect(refusal(p, "https://a.example/4", 3)).toBe("run_cap");
  });

  it("applies deny lists and every allow list, each entry with its subdomains", () => {
    const p = new FetchProvenance({
      allowHosts: [["example.com", "example.org"], ["docs.example.com", "example.org"], []],
      denyHosts: ["bad.example.org"],
    });
    p.see("search", [
      "https://docs.example.com/a",
      "https://example.com/b",
      "https://www.example.org/c",
      "https://bad.example.org/d",
      "https://other.example/e",
    ]);
    expect(refusal(p, "https://docs.example.com/a")).toBe("ok");
    expect(refusal(p, "https://example.com/b")).toBe("host_not_allowed");
    expect(refusal(p, "https://www.example.org/c")).toBe("ok");
    expect(refusal(p, "https://bad.example.org/d")).toBe("host_denied");
    expect(refusal(p, "https://other.example/e")).toBe("host_not_allowed");
    expect(hostMatches("example.com.evil.example", "example.com")).toBe(false);
    expect(hostMatches("a.example.com", "*.example.com")).toBe(true);
  });
});

describe("urlsInText", () => {
  it("lists URLs as a reader could copy them, in links, brackets and sentences", () => {
    const found = urlsInText(
      "Read [this](https://a.example/x?q=1) (or https://b.example/y). Also https://c.example/Mercury_(planet), ok",
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "https://a.example/x?q=1",
        "https://b.example/y",
        "https://c.example/Mercury_(planet)",
      ]),
    );
    expect(found.every((u) => !/\s/.test(u))).toBe(true);
    expect(urlsInText("no links here, just http:// and words")).toEqual([]);
  });
});
