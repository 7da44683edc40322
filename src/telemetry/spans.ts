/**
 * The spans the product records: explorations, their workflow steps, store commits. This file
 * imports nothing, so the core depends on no tracing library: until a tracer is installed (see
 * start-tracing.ts, only when OTEL_EXPORTER_OTLP_ENDPOINT is set) every span is a plain call of
 * its function, and nothing is recorded or loaded.
 */

export type SpanAttributes = Readonly<Record<string, string | number | boolean | undefined>>;

export interface SpanRecorder {
  /** Adds attributes to this span (an `undefined` value is left out). */
  setAttributes(attributes: SpanAttributes): void;
}

export interface SpanOptions {
  /** On this span only. */
  attributes?: SpanAttributes;
  /** On this span and on every span started inside it, the AI SDK's model and tool spans too. */
  inherited?: SpanAttributes;
}

export interface Tracer {
  inSpan<T>(name: string, options: SpanOptions, fn: (span: SpanRecorder) => Promise<T>): Promise<T>;
  /** True when prompt and report text may be recorded (OTEL_RECORD_CONTENT=1). */
  readonly recordsContent: boolean;
}

/** The attributes this product puts on its spans (the AI SDK's own follow GenAI conventions). */
export const SPAN_ATTRIBUTES = {
  jobId: "idea_explorer.job.id",
  fingerprint: "idea_explorer.idea.fingerprint",
  idea: "idea_explorer.idea.text",
  mode: "idea_explorer.mode",
  depth: "idea_explorer.depth",
  model: "idea_explorer.model",
  status: "idea_explorer.status",
  folder: "idea_explorer.folder",
  stepName: "idea_explorer.step.name",
  costUsd: "idea_explorer.cost.usd",
  costPriced: "idea_explorer.cost.priced",
  stoppedBy: "idea_explorer.stopped_by",
  steps: "idea_explorer.agent.steps",
  store: "idea_explorer.store.kind",
  commitSha: "idea_explorer.store.commit_sha",
  files: "idea_explorer.store.files",
} as const;

const IGNORED: SpanRecorder = { setAttributes() {} };
let installed: Tracer | undefined;

/** Sets (or, with undefined, removes) the tracer every span goes to. */
export function installTracer(tracer: Tracer | undefined): void {
  installed = tracer;
}

/** Runs `fn` as the span `name`: ended when `fn` settles, marked failed when it throws. */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: SpanRecorder) => Promise<T>,
): Promise<T> {
  return installed ? installed.inSpan(name, options, fn) : fn(IGNORED);
}

/** True only while a tracer that may record prompt text is installed. */
export function tracesContent(): boolean {
  return installed?.recordsContent === true;
}
