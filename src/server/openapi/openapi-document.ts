import { z } from "zod";
import {
  explorationDetailSchema,
  explorationListSchema,
  explorationSummarySchema,
  logSummarySchema,
} from "../routes/exploration-schemas.ts";
import { error, OPERATIONS, type Operation, type ResponseSpec } from "./api-operations.ts";
import {
  alreadyExploredSchema,
  costEstimateAnswerSchema,
  errorEnvelopeSchema,
  githubDeliveryAnswerSchema,
  healthSchema,
  jobAcceptedSchema,
  jobListSchema,
  jobProgressSchema,
  jobSchema,
  progressEventSchema,
  refreshJobsSchema,
} from "./api-schemas.ts";

/** Response bodies, each a named component the operations point at. */
const components = z.registry<{ id: string }>();
const COMPONENTS: [z.ZodType, string][] = [
  [errorEnvelopeSchema, "Error"],
  [healthSchema, "Health"],
  [jobSchema, "Job"],
  [jobProgressSchema, "JobProgress"],
  [jobListSchema, "JobList"],
  [jobAcceptedSchema, "JobAccepted"],
  [alreadyExploredSchema, "AlreadyExplored"],
  [costEstimateAnswerSchema, "CostEstimateAnswer"],
  [progressEventSchema, "ProgressEvent"],
  [githubDeliveryAnswerSchema, "GitHubDeliveryAnswer"],
  [explorationSummarySchema, "ExplorationSummary"],
  [explorationListSchema, "ExplorationList"],
  [logSummarySchema, "ExplorationLogSummary"],
  [explorationDetailSchema, "Exploration"],
  [refreshJobsSchema, "RefreshJobs"],
];
for (const [schema, id] of COMPONENTS) components.add(schema, { id });
const idOf = new Map(COMPONENTS);

let built: object | undefined;

/** The OpenAPI 3.1 document, built once from OPERATIONS and the zod schemas. */
export function openApiDocument(): object {
  built ??= buildDocument();
  return built;
}

function buildDocument(): object {
  const { schemas } = z.toJSONSchema(components, {
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, object>)[op.method] = operation(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "idea-explorer",
      version: "0.1.0",
      description:
        "Explore ideas with a tool-using agent; durable jobs; the ideas repository as a library. " +
        'Every error is { "error": { "code", "message", "details"? } }.',
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A token of IDEA_EXPLORER_API_TOKEN. A server without tokens answers on localhost only, and not through a proxy (403 proxied_request).",
        },
      },
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([id, schema]) => [id, withoutIds(schema)]),
      ),
    },
  };
}

function operation(op: Operation): object {
  const parameters = [
    ...Object.entries(op.pathParams ?? {}).map(([name, description]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string" },
    })),
    ...queryParameters(op.query),
    ...(op.headers ?? []).map((h) => ({ ...h, in: "header", required: false })),
  ];
  return {
    summary: op.summary,
    operationId: operationId(op),
    ...(op.auth ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: inline(op.body, "input") } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries({ ...op.responses, default: error("Any other failure.") }).map(
        ([status, spec]) => [status, response(spec)],
      ),
    ),
  };
}

function queryParameters(query: z.ZodObject | undefined): object[] {
  if (!query) return [];
  const schema = inline(query, "input") as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function response(spec: ResponseSpec): object {
  const headers = spec.headers
    ? {
        headers: Object.fromEntries(
          Object.entries(spec.headers).map(([name, description]) => [
            name,
            { description, schema: { type: "string" } },
          ]),
        ),
      }
    : {};
  if (spec.content === "sse") {
    return {
      description: spec.description,
      ...headers,
      content: { "text/event-stream": { schema: { type: "string" } } },
    };
  }
  if (spec.content === "markdown") {
    return {
      description: spec.description,
      ...headers,
      content: {
        "text/markdown": { schema: { type: "string" } },
        "text/html": { schema: { type: "string" } },
      },
    };
  }
  if (!spec.schema) {
    return { description: spec.description, ...headers, content: { "application/json": {} } };
  }
  return {
    description: spec.description,
    ...headers,
    content: { "application/json": { schema: reference(spec.schema) } },
  };
}

/** A registered body by reference; a union of them as anyOf. */
function reference(schema: z.ZodType): object {
  const id = idOf.get(schema);
  if (id) return { $ref: `#/components/schemas/${id}` };
  if (schema instanceof z.ZodUnion) {
    return { anyOf: schema.options.map((option) => reference(option as z.ZodType)) };
  }
  throw new Error("a response body must be a registered component or a union of them");
}

function inline(schema: z.ZodType, io: "input" | "output"): object {
  return withoutIds(z.toJSONSchema(schema, { io, unrepresentable: "any" }));
}

/** Component and inline schemas without the $schema and $id a standalone JSON Schema carries. */
function withoutIds(schema: object): object {
  const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/api\//, "")
    .replace(/\.json$/, "")
    .split("/")
    .map((part) => (part.startsWith("{") ? `by-${part.slice(1, -1)}` : part));
  return [op.method, ...words].join("-").replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}
