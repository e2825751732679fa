// Shared by the checker tests: small on purpose (the properties do not need volume): 8 players
// x 13 records, 8 clients. Every run has a seed, so what it sends, and so what it checks, is the
// same on every machine.
import { readFileSync } from 'node:fs';
import type { DataResult } from '../../src/commands/data.ts';

export const PLAYERS = 8;
export const common = ['--players', String(PLAYERS), '-c', '8', '--no-ceiling', '-q'];
export const readResult = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as DataResult;
