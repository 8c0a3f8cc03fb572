import { Duplex, pipeline, Transform } from 'node:stream';

/**
 * A packet size limit for the embedded broker (MQTT_MAX_PACKET_BYTES). aedes has no such option, and its parser
 * (mqtt-packet) buffers a packet whole before any hook sees it — preConnect and authorizePublish run on a
 * complete packet, and MQTT lets a packet announce up to 256 MB. So the limit sits in front of aedes, on the
 * bytes of the connection: every MQTT packet starts with a type byte and its remaining length (1–4 bytes,
 * 7 bits each), which is all it takes to know a packet's size before its body arrives.
 */

export type PacketRefusal = { reason: 'too-large'; size: number } | { reason: 'malformed' };

/**
 * Follows the packets of one connection's byte stream. `push` takes each chunk as it arrives and answers a
 * refusal as soon as a packet's header announces more than maxBytes (header included), or a length field runs
 * past its 4 bytes (which mqtt-packet refuses too); null while every packet is within the limit.
 */
export function packetMeter(maxBytes: number) {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;
  return {
    push(chunk: Uint8Array): PacketRefusal | null {
      let i = 0;
      while (i < chunk.length) {
        if (state === 'body') {
          const take = Math.min(remaining, chunk.length - i);
          remaining -= take;
          i += take;
          if (remaining === 0) state = 'type';
          continue;
        }
        const byte = chunk[i++] as number;
        if (state === 'type') {
          state = 'length';
          length = 0;
          multiplier = 1;
          lengthBytes = 0;
          continue;
        }
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes++;
        if (byte & 0x80) {
          if (lengthBytes === 4) return { reason: 'malformed' };
          continue;
        }
        const size = 1 + lengthBytes + length;
        if (size > maxBytes) return { reason: 'too-large', size };
        remaining = length;
        state = remaining === 0 ? 'type' : 'body';
      }
      return null;
    },
  };
}

/**
 * The connection as aedes should see it: what the client sends passes through a meter, what aedes writes goes to
 * the socket untouched. A packet above the limit destroys the connection before its body is read, so the broker
 * never buffers it; `refused` is told why (for the log).
 */
export function limitPacketSize(socket: Duplex, maxBytes: number, refused: (refusal: PacketRefusal) => void): Duplex {
  const meter = packetMeter(maxBytes);
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const refusal = meter.push(chunk);
      if (!refusal) return done(null, chunk);
      refused(refusal);
      // Nothing of this chunk reaches the parser; the socket goes with it (pipeline below).
      done(new Error(`MQTT packet refused (${refusal.reason})`));
    },
  });
  // pipeline destroys the socket when the meter fails, and the meter when the socket does.
  pipeline(socket, checked, () => undefined);
  return Duplex.from({ readable: checked, writable: socket });
}
