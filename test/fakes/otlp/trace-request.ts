/**
 * OTLP's ExportTraceServiceRequest decoded from protobuf, field numbers as in
 * opentelemetry/proto/collector/trace/v1/trace_service.proto, trace/v1/trace.proto and
 * common/v1/common.proto.
 */
import {
  asBytes,
  asDouble,
  asFixed64,
  asInt64,
  asString,
  asVarint,
  hex,
  readMessage,
  type WireValue,
} from "./protobuf-wire.ts";

export type AttributeValue =
  | string
  | boolean
  | number
  | bigint
  | Uint8Array
  | AttributeValue[]
  | { [key: string]: AttributeValue };

export interface ExportedSpan {
  traceId: string;
  spanId: string;
  /** Absent on a root span. */
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: bigint;
  endTimeUnixNano: bigint;
  attributes: Record<string, AttributeValue>;
  events: { name: string; attributes: Record<string, AttributeValue> }[];
  status: { code: number; message: string };
  scope: string;
  resource: Record<string, AttributeValue>;
}

export function decodeTraceRequest(body: Uint8Array): ExportedSpan[] {
  const spans: ExportedSpan[] = [];
  for (const resourceSpans of readMessage(body)) {
    if (resourceSpans.field !== 1) continue; // resource_spans
    let resource: Record<string, AttributeValue> = {};
    const scopes: WireValue[] = [];
    for (const { field, value } of readMessage(asBytes(resourceSpans.value))) {
      if (field === 1) resource = attributesOf(asBytes(value), 1); // resource.attributes
      if (field === 2) scopes.push(value); // scope_spans
    }
    for (const scopeSpans of scopes) {
      let scope = "";
      const raw: Uint8Array[] = [];
      for (const { field, value } of readMessage(asBytes(scopeSpans))) {
        if (field === 1) scope = scopeName(asBytes(value));
        if (field === 2) raw.push(asBytes(value));
      }
      for (const span of raw) spans.push(decodeSpan(span, scope, resource));
    }
  }
  return spans;
}

function decodeSpan(
  bytes: Uint8Array,
  scope: string,
  resource: Record<string, AttributeValue>,
): ExportedSpan {
  const span: ExportedSpan = {
    traceId: "",
    spanId: "",
    name: "",
    kind: 0,
    startTimeUnixNano: 0n,
    endTimeUnixNano: 0n,
    attributes: {},
    events: [],
    status: { code: 0, message: "" },
    scope,
    resource,
  };
  for (const { field, value } of readMessage(bytes)) {
    if (field === 1) span.traceId = hex(asBytes(value));
    else if (field === 2) span.spanId = hex(asBytes(value));
    else if (field === 4) {
      const parent = hex(asBytes(value));
      if (parent) span.parentSpanId = parent;
    } else if (field === 5) span.name = asString(value);
    else if (field === 6) span.kind = Number(asVarint(value));
    else if (field === 7) span.startTimeUnixNano = asFixed64(value);
    else if (field === 8) span.endTimeUnixNano = asFixed64(value);
    else if (field === 9) Object.assign(span.attributes, keyValue(asBytes(value)));
    else if (field === 11) span.events.push(decodeEvent(asBytes(value)));
    else if (field === 15) span.status = decodeStatus(asBytes(value));
  }
  return span;
}

function decodeEvent(bytes: Uint8Array) {
  const event = { name: "", attributes: {} as Record<string, AttributeValue> };
  for (const { field, value } of readMessage(bytes)) {
    if (field === 2) event.name = asString(value);
    if (field === 3) Object.assign(event.attributes, keyValue(asBytes(value)));
  }
  return event;
}

function decodeStatus(bytes: Uint8Array) {
  const status = { code: 0, message: "" };
  for (const { field, value } of readMessage(bytes)) {
    if (field === 2) status.message = asString(value);
    if (field === 3) status.code = Number(asVarint(value));
  }
  return status;
}

function scopeName(bytes: Uint8Array): string {
  for (const { field, value } of readMessage(bytes)) if (field === 1) return asString(value);
  return "";
}

/** The KeyValue entries found under `field` of a message. */
function attributesOf(bytes: Uint8Array, field: number): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const entry of readMessage(bytes)) {
    if (entry.field === field) Object.assign(attributes, keyValue(asBytes(entry.value)));
  }
  return attributes;
}

function keyValue(bytes: Uint8Array): Record<string, AttributeValue> {
  let key = "";
  let value: AttributeValue = "";
  for (const entry of readMessage(bytes)) {
    if (entry.field === 1) key = asString(entry.value);
    if (entry.field === 2) value = anyValue(asBytes(entry.value));
  }
  return { [key]: value };
}

function anyValue(bytes: Uint8Array): AttributeValue {
  const [entry] = readMessage(bytes);
  if (!entry) return "";
  const { field, value } = entry;
  if (field === 1) return asString(value);
  if (field === 2) return asVarint(value) !== 0n;
  if (field === 3) {
    const int = asInt64(value);
    return int >= BigInt(Number.MIN_SAFE_INTEGER) && int <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(int)
      : int;
  }
  if (field === 4) return asDouble(value);
  if (field === 5) {
    return readMessage(asBytes(value))
      .filter((item) => item.field === 1)
      .map((item) => anyValue(asBytes(item.value)));
  }
  if (field === 6) return attributesOf(asBytes(value), 1);
  if (field === 7) return asBytes(value);
  throw new Error(`OTLP: unknown AnyValue field ${field}`);
}
