import { describe, expect, it } from 'vitest';
import { shownArea } from '../../../src/background/vision/draw';

describe("the part of the page a screenshot shows (src/background/vision/draw.ts)", () => {
  it('is the whole viewport when the picture has its shape, at any pixel ratio', () => {
    expect(shownArea(1280, 800, { width: 1280, height: 800 })).toEqual({ width: 1280, height: 800 });
    expect(shownArea(2560, 1600, { width: 1280, height: 800 })).toEqual({ width: 1280, height: 800 });
  });

  it("is the viewport's top when the tab shows less of it than the page lays out, never stretched", () => {
    expect(shownArea(1280, 657, { width: 1280, height: 800 })).toEqual({ width: 1280, height: 657 });
    expect(shownArea(2560, 1314, { width: 1280, height: 800 })).toEqual({ width: 1280, height: 657 });
  });

  it('is nothing when the picture is taller than the page: its boxes cannot be placed, and it is not sent', () => {
    expect(shownArea(1280, 1000, { width: 1280, height: 800 })).toBeNull();
  });
});
