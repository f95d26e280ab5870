// Resident memory of a process tree from /proc: RSS (VmRSS) and PSS (smaps_rollup, which
// splits shared pages, such as PostgreSQL's shared buffers, between the processes mapping
// them), sampled while a load runs.
import { readFileSync } from 'node:fs';
import { cpuMsOf } from './processes.js';

export interface Memory {
  rssMiB: number;
  pssMiB: number;
}

const mib = (kb: number) => Math.round((kb / 1024) * 10) / 10;

function field(text: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

/** A process's memory, or zero when it has exited. */
function memoryOf(pid: number): Memory {
  try {
    const rss = field(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
    const pss = field(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    return { rssMiB: mib(rss), pssMiB: mib(pss) };
  } catch {
    return { rssMiB: 0, pssMiB: 0 };
  }
}

/** `pid` and all its descendants (a postmaster and its backends). */
export function processTree(pid: number): number[] {
  let children: string;
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return [];
  }
  const kids = children.trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...kids.flatMap(processTree)];
}

export function sumMemory(pids: number[]): Memory {
  const all = pids.map(memoryOf);
  return {
    rssMiB: Math.round(all.reduce((n, m) => n + m.rssMiB, 0) * 10) / 10,
    pssMiB: Math.round(all.reduce((n, m) => n + m.pssMiB, 0) * 10) / 10,
  };
}

/** A process's peak resident set size (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  try {
    return mib(field(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmHWM'));
  } catch {
    return 0;
  }
}

/**
 * Samples the memory of the API process and of the database's processes (none for PGlite)
 * every `everyMs` until stopped; gives the highest of each, and of their sum.
 */
export function memorySampler(apiPid: number, databasePids: () => number[], everyMs = 250) {
  // total.rssMiB: the API's RSS plus the database's PSS.
  const peak = { api: { rssMiB: 0, pssMiB: 0 }, database: { rssMiB: 0, pssMiB: 0 }, total: { rssMiB: 0, pssMiB: 0 } };
  const max = (into: Memory, m: Memory) => {
    into.rssMiB = Math.max(into.rssMiB, m.rssMiB);
    into.pssMiB = Math.max(into.pssMiB, m.pssMiB);
  };
  const sample = () => {
    const api = sumMemory([apiPid]);
    const database = sumMemory(databasePids());
    max(peak.api, api);
    max(peak.database, database);
    // The API's own pages plus the database's share of its shared memory: RSS summed over the
    // postmaster and its backends counts the shared buffers once per process mapping them.
    max(peak.total, { rssMiB: api.rssMiB + database.pssMiB, pssMiB: api.pssMiB + database.pssMiB });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** CPU time (user + system, ms) the processes have used so far; an exited one counts zero. */
export function cpuMsOfProcesses(pids: number[]): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    try {
      byPid.set(pid, cpuMsOf(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // exited meanwhile
    }
  }
  return byPid;
}

/** CPU ms spent since `before` by the processes now in `pids` (one started meanwhile counts from zero). */
export function cpuMsSince(before: Map<number, number>, pids: number[]): number {
  let spent = 0;
  for (const [pid, ms] of cpuMsOfProcesses(pids)) spent += ms - (before.get(pid) ?? 0);
  return spent;
}
