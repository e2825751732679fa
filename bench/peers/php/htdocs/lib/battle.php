<?php
// The standard battle of battle-server (battle-server/src/model/*) ported to PHP: the same PRNG
// (sfc32 seeded through splitmix32, 32-bit operations), the same seeded sample battle, the same
// integer rules and the same result hash (SHA-256 of the result's JSON in canonical key order),
// so that a PHP answer and a battle-server answer for one seed are byte for byte the same. This
// is the seed's real work per request, for the PHP peer of `bench battle --peer php`.
//
// Arithmetic: PHP ints are 64-bit, so every product the TypeScript engine keeps below 2^53 is
// exact here too, and intdiv() is Math.floor() of a non-negative quotient. The one product that
// can pass 2^53 in JavaScript (count x damage per troop) is computed in doubles as JavaScript
// does, so that even the edge of the input range rounds alike.
declare(strict_types=1);

const BATTLE_RULES_VERSION = 1;
const BP = 10000;
const M32 = 0xFFFFFFFF;
const MS = 16;
const ROUND_SLOTS = 51;
const STANDARD_ROUNDS = 10;
const TROOP_TYPES = ['infantry', 'cavalry', 'ranged', 'siege'];
const SIEGE = 3;
const ST_ATTACK = 0;
const ST_DEFENSE = 1;
const ST_HEALTH = 2;
const ST_LETHALITY = 3;
const SKILL_DAMAGE = 0;
const SKILL_HEAL = 1;
const SKILL_BUFF = 2;
const SKILL_DEBUFF = 3;
const POWER_BY_TIER = [3, 4, 6, 9, 13, 18, 24, 32, 42, 55];
const COUNTER = [
    10000, 13000, 9000, 11000,
    9000, 10000, 13000, 11000,
    13000, 9000, 10000, 11000,
    7000, 7000, 7000, 10000,
];
const SIEGE_VS_WALL = 40000;
const TRAP_ROUNDS = 3;
const ROUND_DIVISOR = 4000;
const MIN_BUFF = -8000;
const MAX_BUFF = 30000;
const MAX_HEAL = 9000;
const MAX_SKILL_DAMAGE = 10000;
const DAMAGE_CAP = 4503599627370495;

/** The hero roster of sample.ts: [name, [[skill, kind, chance, value, stat, duration], ...]]. */
const HEROES = [
    ['Warlord', [['Cleave', SKILL_DAMAGE, 3000, 3000, 0, 1], ['Battle Cry', SKILL_BUFF, 2000, 2000, ST_ATTACK, 2]]],
    ['Medic', [['Field Aid', SKILL_HEAL, 3500, 2500, 0, 1], ['Steel Skin', SKILL_BUFF, 2000, 1500, ST_HEALTH, 3]]],
    ['Hunter', [['Volley', SKILL_DAMAGE, 2500, 4000, 0, 1], ['Pin Down', SKILL_DEBUFF, 2000, 1500, ST_DEFENSE, 2]]],
    ['Sentinel', [['Shield Wall', SKILL_BUFF, 3000, 2500, ST_DEFENSE, 2], ['Taunt', SKILL_DEBUFF, 2500, 1500, ST_ATTACK, 1]]],
    ['Raider', [['Charge', SKILL_DAMAGE, 4000, 2000, 0, 1], ['Bloodlust', SKILL_BUFF, 1500, 3000, ST_LETHALITY, 2]]],
    ['Oracle', [['Blessing', SKILL_HEAL, 2500, 4000, 0, 1], ['Curse', SKILL_DEBUFF, 2000, 2000, ST_LETHALITY, 2]]],
    ['Engineer', [['Bombard', SKILL_DAMAGE, 2000, 5000, 0, 1], ['Fortify', SKILL_BUFF, 2500, 2000, ST_DEFENSE, 3]]],
    ['Marshal', [['Rally', SKILL_BUFF, 3000, 1500, ST_ATTACK, 3], ['Demoralize', SKILL_DEBUFF, 2500, 1500, ST_HEALTH, 2]]],
];

/** Per-troop stat tables by type * 10 + tier - 1, as tables.ts builds them. */
function stat_table(array $base, array $growth): array
{
    $out = [];
    for ($t = 0; $t < 4; $t++) {
        for ($tier = 0; $tier < 10; $tier++) {
            $out[$t * 10 + $tier] = intdiv($base[$t] * $growth[$tier], BP);
        }
    }
    return $out;
}

function battle_tables(): array
{
    static $tables = null;
    if ($tables === null) {
        $growth = [10000, 13000, 16500, 20500, 25000, 30000, 35500, 41500, 48000, 55000];
        $defGrowth = [10000, 10700, 11400, 12100, 12800, 13500, 14200, 14900, 15600, 16300];
        $tables = [
            stat_table([10, 14, 15, 12], $growth),
            stat_table([14, 10, 8, 6], $defGrowth),
            stat_table([16, 13, 10, 12], $growth),
        ];
    }
    return $tables;
}

/** Math.imul for uint32 operands, without leaving 64-bit integers. */
function imul32(int $a, int $b): int
{
    return ((($a & 0xFFFF) * $b) + (((($a >> 16) * $b) & 0xFFFF) << 16)) & M32;
}

function splitmix32(int $state): int
{
    $state = ($state + 0x9E3779B9) & M32;
    $z = $state;
    $z = imul32($z ^ ($z >> 16), 0x85EBCA6B);
    $z = imul32($z ^ ($z >> 13), 0xC2B2AE35);
    return $z ^ ($z >> 16);
}

/** sfc32, as service-kit/src/prng.ts: every value is held as a uint32. */
final class BattleRng
{
    private int $a;
    private int $b;
    private int $c;
    private int $d = 1;

    public function __construct(int $seed)
    {
        $this->a = splitmix32($seed & M32);
        $this->b = splitmix32($this->a ^ 0x6A09E667);
        $this->c = splitmix32($this->b ^ 0xBB67AE85);
        for ($i = 0; $i < 12; $i++) {
            $this->next();
        }
    }

    public function next(): int
    {
        $t = ($this->a + $this->b + $this->d) & M32;
        $this->d = ($this->d + 1) & M32;
        $b = $this->b;
        $this->a = $b ^ ($b >> 9);
        $c = $this->c;
        $this->b = ($c + ($c << 3)) & M32;
        $c = (($c << 21) & M32) | ($c >> 11);
        $this->c = ($c + $t) & M32;
        return $t;
    }

    /** Uniform in [0, n) for 0 < n <= 65536. */
    public function below(int $n): int
    {
        return (($this->next() >> 16) * $n) >> 16;
    }

    public function between(int $lo, int $hi): int
    {
        return $lo + $this->below($hi - $lo + 1);
    }
}

/** One side of the standard battle: [troops [[type, tier, count]], heroes, buffs, hospital]. */
function sample_side(BattleRng $rng): array
{
    $baseTier = $rng->between(3, 8);
    $troops = [];
    $total = 0;
    for ($type = 0; $type < 4; $type++) {
        for ($t = 0; $t < 3; $t++) {
            $count = $rng->between(500, 20000) * 10;
            $troops[] = [$type, $baseTier + $t, $count];
            $total += $count;
        }
    }
    $first = $rng->below(8);
    $second = ($first + 1 + $rng->below(7)) % 8;
    $buffs = [
        $rng->between(0, 60) * 50,
        $rng->between(0, 60) * 50,
        $rng->between(0, 60) * 50,
        $rng->between(0, 40) * 50,
    ];
    return [
        'troops' => $troops,
        'heroes' => [$first, $second],
        'buffs' => $buffs,
        'hospital' => intdiv($total * $rng->between(0, 50), 100),
    ];
}

/** The standard battle varied by seed (uint32), as sample.ts's sampleBattle. */
function sample_battle(int $seed): array
{
    $rng = new BattleRng(($seed ^ 0x5EED5EED) & M32);
    $input = [
        'seed' => $seed & M32,
        'maxRounds' => STANDARD_ROUNDS,
        'attacker' => sample_side($rng),
        'defender' => sample_side($rng),
        'city' => null,
    ];
    if ($seed % 3 === 0) {
        $hp = $rng->between(100, 2000) * 100000;
        $defense = $rng->between(10, 50) * 100;
        $count = $rng->between(100, 5000) * 10;
        $attack = $rng->between(20, 200);
        $input['city'] = ['hp' => $hp, 'defense' => $defense, 'trapCount' => $count, 'trapAttack' => $attack];
    }
    return $input;
}

function clamp_buff(int $v): int
{
    return $v < MIN_BUFF ? MIN_BUFF : min($v, MAX_BUFF);
}

/** Fights a battle (engine.ts's simulate); returns the result in canonical key order, hashed. */
function simulate(array $input): array
{
    [$atkTable, $defTable, $hpTable] = battle_tables();
    $maxRounds = $input['maxRounds'];
    $sType = $sTier = $sStart = $sCount = $sAtk = $sHD = $sOrder = array_fill(0, 2 * MS, 0);
    $nStacks = [0, 0];
    $staticBuff = array_fill(0, 8, 0);
    $dynBuff = array_fill(0, 8 * ROUND_SLOTS, 0);
    $kSide = $kKind = $kChance = $kValue = $kStat = $kDuration = [];
    $sides = [$input['attacker'], $input['defender']];
    foreach ($sides as $s => $side) {
        $n = count($side['troops']);
        $nStacks[$s] = $n;
        for ($k = 0; $k < $n; $k++) {
            [$type, $tier, $count] = $side['troops'][$k];
            $i = $s * MS + $k;
            $t = $type * 10 + $tier - 1;
            $sType[$i] = $type;
            $sTier[$i] = $tier;
            $sStart[$i] = $count;
            $sCount[$i] = $count;
            $sAtk[$i] = $atkTable[$t];
            $sHD[$i] = $hpTable[$t] * $defTable[$t];
            $j = $k;
            while ($j > 0 && $sTier[$s * MS + $sOrder[$s * MS + $j - 1]] < $tier) {
                $sOrder[$s * MS + $j] = $sOrder[$s * MS + $j - 1];
                $j--;
            }
            $sOrder[$s * MS + $j] = $k;
        }
        for ($st = 0; $st < 4; $st++) {
            $staticBuff[$s * 4 + $st] = $side['buffs'][$st];
        }
        foreach ($side['heroes'] as $h) {
            foreach (HEROES[$h][1] as $sk) {
                $kSide[] = $s;
                $kKind[] = $sk[1];
                $kChance[] = $sk[2];
                $kValue[] = $sk[3];
                $kStat[] = $sk[4];
                $kDuration[] = $sk[5];
            }
        }
    }
    $nSkills = count($kSide);
    $city = $input['city'];
    $wallHpStart = $city === null ? 0 : $city['hp'];
    $wallDefense = $city === null ? 0 : $city['defense'];
    $trapDamage = $city === null ? 0 : $city['trapCount'] * $city['trapAttack'] * BP;
    $wallHp = $wallHpStart;
    $wallFallenRound = null;
    $rng = new BattleRng($input['seed']);

    $left = [0, 0];
    for ($s = 0; $s < 2; $s++) {
        for ($k = 0; $k < $nStacks[$s]; $k++) {
            $left[$s] += $sCount[$s * MS + $k];
        }
    }
    $factor = array_fill(0, 8, 0);
    $sums = array_fill(0, 8, 0);
    $totals = [0, 0];
    $rho = array_fill(0, 8, 0);
    $round = 0;
    while ($left[0] > 0 && $left[1] > 0 && $round < $maxRounds) {
        $round++;
        // 1. Skills: one roll each per round, whatever the armies.
        $heal = [0, 0];
        $skillDamage = [0, 0];
        for ($q = 0; $q < $nSkills; $q++) {
            $roll = $rng->below(BP);
            if ($roll >= $kChance[$q]) {
                continue;
            }
            $s = $kSide[$q];
            $v = $kValue[$q];
            $kind = $kKind[$q];
            if ($kind === SKILL_DAMAGE) {
                $skillDamage[$s] = min($skillDamage[$s] + $v, MAX_SKILL_DAMAGE);
            } elseif ($kind === SKILL_HEAL) {
                $heal[$s] += $v;
            } else {
                $target = $kind === SKILL_BUFF ? $s : 1 - $s;
                $delta = $kind === SKILL_DEBUFF ? -$v : $v;
                $base = ($target * 4 + $kStat[$q]) * ROUND_SLOTS;
                $end = min($round + $kDuration[$q] - 1, $maxRounds);
                for ($r = $round; $r <= $end; $r++) {
                    $dynBuff[$base + $r] += $delta;
                }
            }
        }
        // 2. Buff factors and attack sums by troop type.
        for ($s = 0; $s < 2; $s++) {
            for ($st = 0; $st < 4; $st++) {
                $j = $s * 4 + $st;
                $factor[$j] = BP + clamp_buff($staticBuff[$j] + $dynBuff[$j * ROUND_SLOTS + $round]);
                $sums[$j] = 0;
            }
            $total = 0;
            for ($k = 0; $k < $nStacks[$s]; $k++) {
                $i = $s * MS + $k;
                $c = $sCount[$i];
                $sums[$s * 4 + $sType[$i]] += $c * $sAtk[$i];
                $total += $c;
            }
            $totals[$s] = $total;
        }
        // 3. Damage both ways, traps, the siege engines on the wall.
        $wallStands = $wallHp > 0;
        for ($dir = 0; $dir < 2; $dir++) {
            $s = $dir;
            $t = 1 - $dir;
            $siegeOnWall = $dir === 0 && $wallStands;
            $extra = $dir === 1 && $round <= TRAP_ROUNDS ? $trapDamage : 0;
            $atkF = $factor[$s * 4 + ST_ATTACK];
            $lethF = $factor[$s * 4 + ST_LETHALITY];
            $bonus = $skillDamage[$s];
            $targetTotal = $totals[$t];
            for ($y = 0; $y < 4; $y++) {
                $r = $extra;
                for ($x = 0; $x < 4; $x++) {
                    $sx = $sums[$s * 4 + $x];
                    if ($sx === 0 || ($siegeOnWall && $x === SIEGE)) {
                        continue;
                    }
                    $kk = intdiv(intdiv((COUNTER[$x * 4 + $y] + $bonus) * $atkF, BP) * $lethF, BP);
                    $r += $sx * $kk;
                }
                if ($r > DAMAGE_CAP) {
                    $r = DAMAGE_CAP;
                }
                $rho[$t * 4 + $y] = intdiv($r, $targetTotal);
            }
        }
        $wallDamage = 0;
        if ($wallStands) {
            $kw = intdiv(SIEGE_VS_WALL * $factor[ST_ATTACK], BP);
            $wallDamage = intdiv($sums[SIEGE] * $kw, BP);
        }
        // 4. Losses.
        for ($t = 0; $t < 2; $t++) {
            $defF = $factor[$t * 4 + ST_DEFENSE] + ($t === 1 && $wallStands ? $wallDefense : 0);
            $hpF = $factor[$t * 4 + ST_HEALTH];
            $healF = BP - min($heal[$t], MAX_HEAL);
            $l = 0;
            for ($k = 0; $k < $nStacks[$t]; $k++) {
                $i = $t * MS + $k;
                $c = $sCount[$i];
                if ($c === 0) {
                    continue;
                }
                $tough = intdiv(intdiv($sHD[$i] * $hpF, BP) * $defF, BP);
                if ($tough < 1) {
                    $tough = 1;
                }
                $perKill = intdiv($tough * ROUND_DIVISOR * BP, $healF);
                // In doubles, as JavaScript computes it.
                $kills = (int) floor(((float) $c * $rho[$t * 4 + $sType[$i]]) / $perKill);
                if ($kills > $c) {
                    $kills = $c;
                }
                $sCount[$i] = $c - $kills;
                $l += $c - $kills;
            }
            $left[$t] = $l;
        }
        if ($wallStands) {
            $wallHp = $wallDamage >= $wallHp ? 0 : $wallHp - $wallDamage;
            if ($wallHp === 0) {
                $wallFallenRound = $round;
            }
        }
    }
    if ($left[0] > 0 && $left[1] > 0) {
        $winner = $city !== null ? 'defender' : 'draw';
    } elseif ($left[0] > 0) {
        $winner = 'attacker';
    } elseif ($left[1] > 0) {
        $winner = 'defender';
    } else {
        $winner = 'draw';
    }
    $result = ['attacker' => side_result(0, $sides[0]['hospital'], $nStacks, $sOrder, $sStart, $sCount, $sTier, $sType)];
    if ($city !== null) {
        $result['city'] = ['wallFallenRound' => $wallFallenRound, 'wallHpEnd' => $wallHp, 'wallHpStart' => $wallHpStart];
    }
    $result['defender'] = side_result(1, $sides[1]['hospital'], $nStacks, $sOrder, $sStart, $sCount, $sTier, $sType);
    $result['rounds'] = $round;
    $result['seed'] = $input['seed'];
    $result['version'] = BATTLE_RULES_VERSION;
    $result['winner'] = $winner;
    $result['hash'] = hash('sha256', json_encode($result, JSON_THROW_ON_ERROR));
    return $result;
}

/** A side's result, keys in sorted order; the hospital takes wounded from the highest tiers. */
function side_result(int $s, int $capacity, array $nStacks, array $sOrder, array $sStart, array $sCount, array $sTier, array $sType): array
{
    $n = $nStacks[$s];
    $stacks = [];
    $room = $capacity;
    $dead = $wounded = $start = $survivors = $powerLost = 0;
    for ($o = 0; $o < $n; $o++) {
        $k = $sOrder[$s * MS + $o];
        $i = $s * MS + $k;
        $st = $sStart[$i];
        $sv = $sCount[$i];
        $loss = $st - $sv;
        $w = min($loss, $room);
        $room -= $w;
        $d = $loss - $w;
        $dead += $d;
        $wounded += $w;
        $start += $st;
        $survivors += $sv;
        $powerLost += $d * POWER_BY_TIER[$sTier[$i] - 1];
        $stacks[$k] = [
            'dead' => $d,
            'start' => $st,
            'survivors' => $sv,
            'tier' => $sTier[$i],
            'type' => TROOP_TYPES[$sType[$i]],
            'wounded' => $w,
        ];
    }
    ksort($stacks);
    return [
        'dead' => $dead,
        'powerLost' => $powerLost,
        'stacks' => $stacks,
        'start' => $start,
        'survivors' => $survivors,
        'wounded' => $wounded,
    ];
}

/** The ~200-byte answer of battle-server's sample endpoint (battle-task.ts's summarize). */
function summarize(array $r): string
{
    $a = $r['attacker'];
    $d = $r['defender'];
    return '{"seed":' . $r['seed'] . ',"winner":"' . $r['winner'] . '","rounds":' . $r['rounds']
        . ',"attacker":{"dead":' . $a['dead'] . ',"wounded":' . $a['wounded'] . '}'
        . ',"defender":{"dead":' . $d['dead'] . ',"wounded":' . $d['wounded'] . '}'
        . ',"hash":"' . $r['hash'] . '"}';
}
