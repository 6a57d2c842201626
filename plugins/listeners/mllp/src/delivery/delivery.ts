/** Where a mapping's result goes. `deliver` throws a DeliveryError once it has given up (retries included). */
export interface Delivery {
  /** `fhir <base>`, `ndjson <file>`, `none`: for logs and `GET /`. */
  readonly target: string;
  deliver(result: unknown): Promise<void>;
  close(): Promise<void>;
}

export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    readonly code: 'MLLP_DELIVERY_FAILED' | 'MLLP_RESULT_NOT_DELIVERABLE',
    message: string,
    /** The server's answer (an OperationOutcome, a batch response), kept for the dead letter. */
    readonly detail?: unknown,
    /**
     * What the sender may read in its ACK: no internal address, error number or path (those stay in the log and
     * the dead letter). Absent → a fixed text for the code.
     */
    readonly publicMessage?: string,
  ) {
    super(message);
  }
}

export const NO_DELIVERY: Delivery = {
  target: 'none',
  deliver: async () => undefined,
  close: async () => undefined,
};
