import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * e2e/chromium.sh starts the tests' Chromium. Chromium honours only the last --disable-features
 * it is given, and Playwright passes a list of its own before the tests' list: the script joins
 * them. Here it starts `printf '%s\n'` instead, which prints the other arguments one per line.
 */
const launcher = fileURLToPath(new URL('../../chromium.sh', import.meta.url));
const argumentsPassedOn = (...args: string[]) =>
  execFileSync(launcher, ['%s\n', ...args], {
    env: { ...process.env, CHROMIUM_PATH: '/usr/bin/printf' },
  })
    .toString()
    .trimEnd()
    .split('\n');

describe('the Chromium launcher', () => {
  it('joins every --disable-features into one, and passes the rest on as they were', () => {
    expect(
      argumentsPassedOn(
        '--headless',
        '--disable-features=PaintHolding,MediaRouter',
        '--window-size=1 2',
        '--disable-features=WebUIOmniboxPopup',
      ),
    ).toEqual([
      '--headless',
      '--window-size=1 2',
      '--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup',
    ]);
  });

  it('adds no --disable-features when none was given', () => {
    expect(argumentsPassedOn('--headless')).toEqual(['--headless']);
  });
});
