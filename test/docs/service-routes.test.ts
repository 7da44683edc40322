import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/server/openapi/openapi-document.ts";
import { REPO_ROOT } from "../helpers/run-cli.ts";

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

/** Each operation of the OpenAPI document as docs/service.md writes it: `GET /api/jobs/:id`. */
function operations() {
  const paths = (openApiDocument() as { paths: Record<string, Record<string, OpenApiOperation>> })
    .paths;
  return Object.entries(paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ":$1")}`,
      query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: Object.keys(op.requestBody?.content["application/json"]?.schema.properties ?? {}),
    })),
  );
}

/** The routes table of docs/service.md: each row by its route, query string left off. */
function documentedRoutes(): Map<string, string> {
  const markdown = readFileSync(path.join(REPO_ROOT, "docs", "service.md"), "utf8");
  const rows = new Map<string, string>();
  for (const match of markdown.matchAll(
    /^\| `((?:GET|POST|PUT|PATCH|DELETE) \/[^`?]*)[^`]*` .*$/gm,
  )) {
    rows.set(match[1]!, match[0]);
  }
  return rows;
}

const named = (row: string, word: string) => new RegExp(`(^|[^\\w])${word}([^\\w]|$)`).test(row);

describe("docs/service.md's routes, against the OpenAPI document", () => {
  const rows = documentedRoutes();

  it("documents every route, each with its query parameters and body fields", () => {
    const missing: string[] = [];
    for (const op of operations()) {
      const row = rows.get(op.route);
      if (!row) {
        missing.push(`${op.route}: no row in docs/service.md's routes table`);
        continue;
      }
      const unnamed = [...op.query, ...op.body].filter((word) => !named(row, word));
      if (unnamed.length) missing.push(`${op.route}: its row does not name ${unnamed.join(", ")}`);
    }
    expect(missing, missing.join("\n")).toEqual([]);
  });

  it("documents no route the API does not have (the web page at / aside)", () => {
    const real = new Set(operations().map((op) => op.route));
    const unknown = [...rows.keys()].filter((route) => route !== "GET /" && !real.has(route));
    expect(unknown, `in docs/service.md but not in the OpenAPI document: ${unknown}`).toEqual([]);
  });
});
