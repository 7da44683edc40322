import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config/config-error.ts";
import { parseEnv } from "../../config/env.ts";
import { fetchRulesFor, webFetchToolingFromEnv, withFlags } from "./web-fetch-tooling.ts";

describe("web_fetch's settings: a request narrows the operator's, never widens them", () => {
  const operator = webFetchToolingFromEnv(
    parseEnv({
      IDEA_EXPLORER_MAX_FETCHES: "10",
      IDEA_EXPLORER_FETCH_ALLOW_HOSTS: "example.com, example.org",
      IDEA_EXPLORER_FETCH_DENY_HOSTS: "ads.example.com",
    }),
  );

  it("takes the lower cap, both allow lists and every deny list", () => {
    expect(
      fetchRulesFor(operator, {
        maxFetches: 50,
        maxFetchesPerStep: 2,
        fetchAllowHosts: ["example.org"],
        fetchDenyHosts: ["tracker.example.org"],
      }),
    ).toEqual({
      enabled: true,
      rules: {
        maxFetches: 10,
        maxFetchesPerStep: 2,
        allowHosts: [["example.com", "example.org"], ["example.org"]],
        denyHosts: ["ads.example.com", "tracker.example.org"],
      },
    });
  });

  it("is off when either the operator or the request turns it off", () => {
    const off = webFetchToolingFromEnv(parseEnv({ IDEA_EXPLORER_WEB_FETCH: "off" }));
    expect(fetchRulesFor(off, { webFetch: true }).enabled).toBe(false);
    expect(fetchRulesFor(operator, { webFetch: false }).enabled).toBe(false);
    expect(fetchRulesFor(withFlags(operator, { enabled: true }), {}).enabled).toBe(true);
    expect(fetchRulesFor(withFlags(off, { enabled: true }), {}).enabled).toBe(false);
  });

  it("names the variable of a bad setting in one line", () => {
    expect(() => parseEnv({ IDEA_EXPLORER_WEB_FETCH: "no" })).toThrow(
      'IDEA_EXPLORER_WEB_FETCH: must be "on" or "off"',
    );
    expect(() => parseEnv({ IDEA_EXPLORER_MAX_FETCHES: "0" })).toThrow(
      "IDEA_EXPLORER_MAX_FETCHES: must be a whole number from 1 to 100",
    );
    expect(() => parseEnv({ IDEA_EXPLORER_FETCH_DENY_HOSTS: "ok.example, https://x/y" })).toThrow(
      /IDEA_EXPLORER_FETCH_DENY_HOSTS.*"https:\/\/x\/y", which is not a host name/,
    );
    const bad = () =>
      webFetchToolingFromEnv(parseEnv({ IDEA_EXPLORER_PRIVATE_FETCH_HOSTS: "10.0.0.0/99" }));
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow('IDEA_EXPLORER_PRIVATE_FETCH_HOSTS: "10.0.0.0/99" is not a host name');
  });
});
