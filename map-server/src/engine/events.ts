// What the engine tells the viewport streams: each change of the map, with the places it
// concerns (tile rectangles, march paths), numbered in the order it happened.
import type { CityMsg, FieldMsg, MarchMsg, MonsterMsg } from '../convert.ts';
import type { Rect, Segment } from '../world/geometry.ts';

export type MapEventType =
  | 'city_placed'
  | 'city_moved'
  | 'city_removed'
  /** A city's reinforcement count changed (an allied march stationed there or gone). */
  | 'city_changed'
  | 'march_started'
  | 'march_recalled'
  | 'march_arrived'
  | 'march_returned'
  /** A march changed in place: a stationed army cut in a battle, or memory took the stored record. */
  | 'march_changed'
  /** A march gone from the map without coming home (its stored record was removed). */
  | 'march_removed'
  | 'field_changed'
  | 'field_respawned'
  | 'monster_changed'
  | 'monster_respawned';

export interface MapEvent {
  seq: number;
  timeMs: number;
  type: MapEventType;
  city?: CityMsg;
  previousCity?: CityMsg;
  march?: MarchMsg;
  field?: FieldMsg;
  monster?: MonsterMsg;
  /** Where it happened: a subscriber sees it if its rectangle meets one of these. */
  tiles: Rect[];
  paths: Segment[];
}

export type Publish = (e: Omit<MapEvent, 'seq'>) => void;
