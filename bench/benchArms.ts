// The arms of the benchmark: the three modes, plus the fused loop driven by an agent that makes one call
// per turn — how models without parallel tool calls (many local ones) work — to show how much of the
// fused result rests on parallel calls.
import { z } from 'zod';
import type { RunMode } from '../src/core/run/runMode';

/** The name of an arm, as reports and records carry it. */
export const ArmNameSchema = z.enum(['split', 'fused', 'fused-serial', 'auto']);
export type ArmName = z.infer<typeof ArmNameSchema>;

/** One way of running every task. */
export interface BenchArm {
  readonly name: ArmName;
  readonly mode: RunMode;
  /** Whether the scripted agent sends independent calls together in one turn. */
  readonly parallelCalls: boolean;
}

/** Every arm, in report order. */
export const BENCH_ARMS: readonly BenchArm[] = [
  { name: 'split', mode: 'split', parallelCalls: true },
  { name: 'fused', mode: 'fused', parallelCalls: true },
  { name: 'fused-serial', mode: 'fused', parallelCalls: false },
  { name: 'auto', mode: 'auto', parallelCalls: true },
];

/** The arm names, in report order. */
export const ARM_NAMES: readonly ArmName[] = BENCH_ARMS.map((arm) => arm.name);
