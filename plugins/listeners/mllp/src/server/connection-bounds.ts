/**
 * What one connection may hold before it stops being read (docs/mllp.md, "Limits"). With them a connection holds
 * at most `maxInFlightBytes` + 2 × MLLP_MAX_MESSAGE_BYTES (the message that crossed the bound and one partial
 * frame) + one unread chunk (64 KiB) + `maxAckBacklog`, whatever its sender does.
 */
export const CONNECTION_BOUNDS = {
  /** Messages read ahead of their ACK; past this the socket stops reading until `resumeInFlight`. */
  maxInFlight: 32,
  resumeInFlight: 8,
  /** Bytes of messages read ahead of their ACK. */
  maxInFlightBytes: 4 * 1024 * 1024,
  /** ACK bytes the sender has not taken yet: past this, reading stops until the socket drains. */
  writeHighWater: 64 * 1024,
  /** Past this the sender is not reading its ACKs at all: the connection is closed. */
  maxAckBacklog: 1024 * 1024,
} as const;
