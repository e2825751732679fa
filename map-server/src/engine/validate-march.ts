// A march request checked against the map before anything is read from the store: the kind,
// the target (in the map, open terrain, the right thing there), the troops asked, the player's
// city and how many marches it has out.
import { FailedPreconditionError, InvalidArgumentError, quoteName } from '@slg/service-kit';
import { type City, MARCH_KINDS, type MarchKind } from '../world/types.ts';
import { describe, type World } from '../world/world.ts';
import { KIND_NEEDS, MAX_MARCHES, MAX_STACKS, MAX_TROOPS_PER_STACK } from './rules.ts';

export interface StartMarchInput {
  playerId: number;
  kind: string;
  targetX: number;
  targetY: number;
  troops: { troopId: number; count: number }[];
}

export function validateStart(
  world: World,
  req: StartMarchInput,
): {
  city: City;
  kind: MarchKind;
  targetId: number;
  targetGen: number;
} {
  if (!MARCH_KINDS.includes(req.kind as MarchKind)) {
    throw new InvalidArgumentError(
      `kind: ${quoteName(req.kind)} is not one of ${MARCH_KINDS.join(', ')}`,
    );
  }
  const kind = req.kind as MarchKind;
  const { targetX: x, targetY: y } = req;
  if (!world.inBounds(x, y)) {
    throw new InvalidArgumentError(
      `target (${x}, ${y}) is outside the ${world.width} x ${world.height} map`,
    );
  }
  if (req.troops.length === 0)
    throw new InvalidArgumentError('troops: at least one stack is needed');
  if (req.troops.length > MAX_STACKS)
    throw new InvalidArgumentError(`troops: ${req.troops.length} stacks, at most ${MAX_STACKS}`);
  const ids = new Set<number>();
  for (const [i, o] of req.troops.entries()) {
    if (!(o.troopId > 0)) throw new InvalidArgumentError(`troops[${i}].troop_id must be positive`);
    if (!(o.count > 0) || o.count > MAX_TROOPS_PER_STACK) {
      throw new InvalidArgumentError(
        `troops[${i}].count must be 1..${MAX_TROOPS_PER_STACK}, got ${o.count}`,
      );
    }
    if (ids.has(o.troopId))
      throw new InvalidArgumentError(`troops[${i}]: troop ${o.troopId} is listed twice`);
    ids.add(o.troopId);
  }
  const city = world.cities.get(req.playerId);
  if (!city) throw new FailedPreconditionError(`player ${req.playerId} has no city on this map`);
  if (world.blocked(x, y))
    throw new FailedPreconditionError(`target (${x}, ${y}) is blocked terrain`);
  const e = world.at(x, y);
  const wrong = () =>
    new FailedPreconditionError(
      `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} march needs ${KIND_NEEDS[kind]} at (${x}, ${y}); there is ${e ? describe(e) : 'nothing'}`,
    );
  let targetId = 0;
  let targetGen = 0;
  switch (kind) {
    case 'gather':
      if (e?.kind !== 'field') throw wrong();
      if (e.occupant)
        throw new FailedPreconditionError(
          `field ${e.id} at (${x}, ${y}) is occupied by march ${e.occupant.id}`,
        );
      targetId = e.id;
      targetGen = e.gen;
      break;
    case 'attack_monster':
      if (e?.kind !== 'monster') throw wrong();
      targetId = e.id;
      targetGen = e.gen;
      break;
    case 'attack_city':
    case 'reinforce':
      if (e?.kind !== 'city' || e.playerId === req.playerId) throw wrong();
      targetId = e.playerId;
      break;
    case 'scout':
      if (e === city) throw new FailedPreconditionError(`(${x}, ${y}) is the player's own city`);
      break;
  }
  let out = 0;
  for (const m of world.marches.values()) if (m.playerId === req.playerId) out++;
  if (out >= MAX_MARCHES)
    throw new FailedPreconditionError(
      `player ${req.playerId} has ${out} marches out, the most allowed`,
    );
  return { city, kind, targetId, targetGen };
}
