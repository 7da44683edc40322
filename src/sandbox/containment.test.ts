import { describe, expect, it } from "vitest";
import { isInside, segmentsInside } from "./containment.ts";

describe("segmentsInside", () => {
  it("gives the root-relative segments of a path inside", () => {
    expect(segmentsInside("/srv/root", "/srv/root/a/b.md")).toEqual(["a", "b.md"]);
    expect(segmentsInside("/srv/root", "/srv/root")).toEqual([]);
  });

  it("treats a prefix sibling as outside (the startsWith bug)", () => {
    expect(isInside("/srv/root", "/srv/root_evil/x")).toBe(false);
    expect(isInside("/srv/root", "/srv/rootx")).toBe(false);
  });

  it("treats parents and unrelated paths as outside", () => {
    expect(isInside("/srv/root", "/srv")).toBe(false);
    expect(isInside("/srv/root", "/etc/passwd")).toBe(false);
    expect(isInside("/srv/root", "/")).toBe(false);
  });

  it("keeps a name that merely starts with two dots inside", () => {
    expect(segmentsInside("/srv/root", "/srv/root/..notes")).toEqual(["..notes"]);
  });
});
