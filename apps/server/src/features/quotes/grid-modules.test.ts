import { describe, expect, it } from 'vitest';
import { GRID_MODULE_NAMES } from '@bastion/domain/quotes/api/grid';
import { GRID_MODULES } from './grid-modules.ts';

describe('grid modules', () => {
  it('are the lists the grid contract names, in the same order', () => {
    expect(Object.keys(GRID_MODULES)).toEqual([...GRID_MODULE_NAMES]);
  });
});
