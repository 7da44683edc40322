/**
 * The protobuf wire format, read by hand (https://protobuf.dev/programming-guides/encoding/): a
 * message is a run of (field number, wire type, value). Enough to decode OTLP without trusting
 * the code that encoded it.
 */

export type WireValue =
  | { wire: "varint"; value: bigint }
  | { wire: "fixed64"; bytes: Uint8Array }
  | { wire: "bytes"; bytes: Uint8Array }
  | { wire: "fixed32"; bytes: Uint8Array };

export interface WireField {
  field: number;
  value: WireValue;
}

/** Every field of one message, in order (repeated fields appear once per value). */
export function readMessage(bytes: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length) throw new Error("protobuf: truncated varint");
      const byte = bytes[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      if (shift > 63n) throw new Error("protobuf: varint too long");
    }
  };
  const take = (length: number): Uint8Array => {
    if (at + length > bytes.length) throw new Error("protobuf: truncated field");
    const slice = bytes.subarray(at, at + length);
    at += length;
    return slice;
  };
  while (at < bytes.length) {
    const key = varint();
    const field = Number(key >> 3n);
    const wireType = Number(key & 7n);
    if (field === 0) throw new Error("protobuf: field number 0");
    if (wireType === 0) fields.push({ field, value: { wire: "varint", value: varint() } });
    else if (wireType === 1) fields.push({ field, value: { wire: "fixed64", bytes: take(8) } });
    else if (wireType === 2) {
      const length = Number(varint());
      fields.push({ field, value: { wire: "bytes", bytes: take(length) } });
    } else if (wireType === 5) fields.push({ field, value: { wire: "fixed32", bytes: take(4) } });
    else throw new Error(`protobuf: unsupported wire type ${wireType}`);
  }
  return fields;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function asBytes(value: WireValue): Uint8Array {
  if (value.wire !== "bytes") throw new Error(`protobuf: expected bytes, got ${value.wire}`);
  return value.bytes;
}

export function asString(value: WireValue): string {
  return utf8.decode(asBytes(value));
}

export function asVarint(value: WireValue): bigint {
  if (value.wire !== "varint") throw new Error(`protobuf: expected varint, got ${value.wire}`);
  return value.value;
}

/** A two's-complement int64 sent as a varint. */
export function asInt64(value: WireValue): bigint {
  return BigInt.asIntN(64, asVarint(value));
}

export function asFixed64(value: WireValue): bigint {
  if (value.wire !== "fixed64") throw new Error(`protobuf: expected fixed64, got ${value.wire}`);
  return new DataView(value.bytes.buffer, value.bytes.byteOffset, 8).getBigUint64(0, true);
}

export function asDouble(value: WireValue): number {
  if (value.wire !== "fixed64") throw new Error(`protobuf: expected double, got ${value.wire}`);
  return new DataView(value.bytes.buffer, value.bytes.byteOffset, 8).getFloat64(0, true);
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}
