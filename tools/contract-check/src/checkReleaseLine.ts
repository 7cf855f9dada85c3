/** The contract lines and the version a release would carry. */
export interface ReleaseLine {
  /** The released contract's line, its URL segment: `v1`. */
  released: string;
  /** The next contract's line. */
  next: string;
  /** The version the packages would be released at (see `plannedVersion`); undefined when unknown. */
  version?: string;
}

/** What {@link checkReleaseLine} found. */
export interface ReleaseLineVerdict {
  /** The next contract starts a new line (`/v2`). */
  newLine: boolean;
  /** Breaking differences are allowed: a move to the next line, released as its first major. */
  breakingAllowed: boolean;
  /** Why the release cannot go out like this, one line each. */
  failures: string[];
}

const lineNumber = (line: string) => {
  const match = /^v(\d+)$/.exec(line);
  return match ? Number(match[1]) : undefined;
};

/**
 * The version policy's rule on versions: the major version names the contract line
 * (1.x serves `/v1`, 2.x serves `/v2`; 0.x is `/v1` before its first release), so a
 * breaking change passes only as a move to the next line released as its major
 * (`/v2` with 2.0.0), and a major release that serves the same line fails.
 *
 * @param line - the released and next lines, and the version to release
 * @example
 * checkReleaseLine({ released: "v1", next: "v2", version: "2.0.0" }); // { newLine: true, breakingAllowed: true, failures: [] }
 * checkReleaseLine({ released: "v1", next: "v1", version: "2.0.0" }).failures; // ["2.0.0 would be released serving /v1: ..."]
 */
export function checkReleaseLine(line: ReleaseLine): ReleaseLineVerdict {
  const released = lineNumber(line.released);
  const next = lineNumber(line.next);
  if (released === undefined || next === undefined) {
    return {
      newLine: line.released !== line.next,
      breakingAllowed: false,
      failures: [`contract versions must read vN: released ${line.released}, next ${line.next}`],
    };
  }
  const newLine = next !== released;
  const failures: string[] = [];
  if (newLine && next !== released + 1)
    failures.push(`the contract moves from /v${released} to /v${next}: the next line is /v${released + 1}`);
  if (line.version === undefined) {
    if (newLine)
      failures.push(`moving to /v${next} needs a major release (${next}.0.0), and the version is unknown`);
    return { newLine, breakingAllowed: false, failures };
  }
  const major = Number(line.version.split(".")[0]);
  // 0.x is /v1 before its first release; 1.0.0 is the same /v1, released.
  const servesItsLine = major === next || (major === 0 && next === 1);
  if (!servesItsLine && major > next) {
    failures.push(
      `${line.version} would be released serving /v${next}: the major version names the contract line, so a major release moves the contract to /v${major}; bump by minor or patch instead`,
    );
  } else if (!servesItsLine) {
    failures.push(
      `the contract is /v${next}, released as ${line.version}: moving to /v${next} needs a major changeset, releasing ${next}.0.0`,
    );
  }
  return { newLine, breakingAllowed: newLine && failures.length === 0, failures };
}
