import { WEIGHT_UNIT } from '@portal/domain';
import type { Db } from '../db/client';
import { measurements } from '../db/schema/weight';

/**
 * Demo weight tracking (issue 13): ten weekly weights trending down from the starting weight,
 * a goal and a height, so the weight page shows a chart, trend, pace and goal date.
 */
export async function seedWeightDemo(
  tx: Db,
  input: { customerId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const day = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const { customerId } = input;
  // lb a week, a little uneven like real weigh-ins.
  const weekly = [231.4, 229.8, 229.2, 227.6, 226.9, 225.1, 224.6, 223.2, 222.5, 221.3];
  const weights = weekly.map((lb, i) => ({
    customerId,
    type: 'weight',
    value: Math.round(lb * 100),
    unit: WEIGHT_UNIT,
    source: 'manual',
    recordedAt: day((weekly.length - i) * 7),
  }));
  await tx.insert(measurements).values([
    {
      customerId,
      type: 'starting_weight',
      value: 23200,
      unit: WEIGHT_UNIT,
      source: 'care_team',
      recordedAt: day(75),
    },
    {
      customerId,
      type: 'goal_weight',
      value: 19000,
      unit: WEIGHT_UNIT,
      source: 'manual',
      recordedAt: day(75),
    },
    {
      customerId,
      type: 'height',
      value: 69,
      unit: 'inches',
      source: 'manual',
      recordedAt: day(75),
    },
    ...weights,
  ]);
}
