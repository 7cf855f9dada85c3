import type { MethodName } from "@wsafe/schema";

/** A second account, to probe that one account never sees another's records. */
export interface OtherAccount {
  /** A read token of the other account. */
  token: string;
  /**
   * Ids of the other account's records, by the parameter that takes them, e.g.
   * `{ equipmentType_id: "et_other_account", user: "u_other" }`. Every method with such
   * a parameter is probed: the first token must get `content_not_found`, the other
   * token a valid success.
   */
  ids: Record<string, unknown>;
}

/** The schedule the kit may record one inspection of (`--record-inspection`), and by whom. */
export interface InspectionTarget {
  /** An equipment of the account under test. */
  equipment_id: string;
  /** One of its schedules. */
  schedule_id: string;
  /** A user of the account, the inspector. */
  inspector_id: string;
}

/** The equipment type the kit may create, update and retire one equipment of (`--write-register`). */
export interface RegisterTarget {
  /** An equipment type of the account under test. */
  equipmentType_id: string;
}

/**
 * What {@link runConformance} checks, and where.
 *
 * @example
 * const options: ConformanceOptions = { baseUrl: "https://api.example.test", token: process.env.WSAFE_TOKEN! };
 */
export interface ConformanceOptions {
  /** The service's base URL; methods are at `{baseUrl}/v1/<method>`. */
  baseUrl: string;
  /** A read token of the account under test. */
  token: string;
  /**
   * A token of the same account with the `write` permission. Without it, the checks of
   * every write method that need a token are skipped, saying so, and only its refusal of
   * the read token (`token_permission`) is checked. With it, they run on requests the
   * service must refuse after the permission check (a private address as `url`, an
   * endpoint id that does not exist): nothing is written, no endpoint is made.
   */
  writeToken?: string;
  /** A second account, for the tenant-isolation checks; without it they are skipped. */
  other?: OtherAccount;
  /**
   * Opt in to one write: the kit records one passed inspection of this schedule (with
   * `writeToken`) and checks every effect of it: the answer, the schedule's new dates from
   * its `interval` and `warning`, the equipment as `equipments.list` shows it, the
   * inspection in `inspections.list`, its events, and its idempotency key. The inspection
   * stays: inspections are never deleted. Without it, `inspections.record` is only
   * checked on requests the service must refuse.
   */
  recordInspection?: InspectionTarget;
  /**
   * Opt in to the register's writes: the kit creates one equipment of this type under a
   * key of its own (with `writeToken`), updates it by that key with `if_version`, and
   * retires it, and checks every effect: the answers, the version growing by one a write,
   * `equipments.list`, `equipments.changes` reporting it and then reporting it null, the
   * idempotency key, `external_id_taken`, `version_mismatch`, and the events of cause
   * `api`. The retired equipment stays in the account's history (its events). Without
   * it, the register's writes are only checked on requests the service must refuse.
   */
  writeRegister?: RegisterTarget;
  /**
   * Request data of a successful call per method, `token` left out. Defaults to the
   * registry's first successful example (the demo dataset's ids); give your own ids here.
   * Ignored for write methods, which the kit only ever calls with requests the service
   * must refuse.
   */
  params?: Partial<Record<MethodName, Record<string, unknown>>>;
  /** Only these methods; default every method of the registry. */
  methods?: readonly MethodName[];
  /**
   * The methods the deployment serves; default every method of the registry. A check
   * that needs another method than the one it checks (a cursor of another paginated
   * method) takes it from these only, and is skipped, saying so, when there is none:
   * a server of one method is then held to every check of that method and to nothing
   * it does not claim to serve.
   *
   * @example
   * // A server that implements resources.list alone:
   * await runConformance({ baseUrl, token, methods: ["resources.list"], servedMethods: ["resources.list"] });
   */
  servedMethods?: readonly MethodName[];
  /** Prefix of the `-Request-ID` and `-Response-Time` headers. Default `SVC`. */
  headerPrefix?: string;
  /** Accept self-signed or otherwise untrusted TLS certificates. Default false. */
  insecure?: boolean;
  /** Time limit of each request in milliseconds. Default 15000. */
  timeoutMs?: number;
  /** The fetch to use (tests, proxies); default the platform's, or undici's with `insecure`. */
  fetch?: typeof globalThis.fetch;
  /** Called after each check, e.g. to print progress. */
  onResult?: (result: CheckResult) => void;
}

/** The outcome of one check. */
export interface CheckResult {
  /** The method checked, or `(service)` for checks of the URL space as a whole. */
  suite: string;
  /** What was checked, e.g. `parameter_missing: equipmentType_id`. */
  name: string;
  status: "passed" | "failed" | "skipped";
  /** Why it failed or was skipped. */
  message?: string;
  /** How long it took, in milliseconds. */
  durationMs: number;
}

/** Everything one run found. */
export interface ConformanceReport {
  baseUrl: string;
  results: CheckResult[];
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
}
