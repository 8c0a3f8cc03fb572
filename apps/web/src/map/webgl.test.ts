import { afterEach, describe, expect, it, vi } from 'vitest';

/** A WebGL 2 context as far as the probe reads it, reporting this renderer. */
function fakeContext(renderer: string) {
  const info = { UNMASKED_RENDERER_WEBGL: 0x9246 };
  const lose = { loseContext: vi.fn() };
  return {
    lose,
    context: {
      RENDERER: 0x1f01,
      getExtension: (name: string) =>
        name === 'WEBGL_debug_renderer_info' ? info : name === 'WEBGL_lose_context' ? lose : null,
      getParameter: (p: number) => (p === info.UNMASKED_RENDERER_WEBGL ? renderer : 'WebKit WebGL'),
    },
  };
}

/** webgl.ts probes once per page: each case loads it afresh. */
async function probeWith(context: unknown) {
  vi.resetModules();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as RenderingContext);
  return import('./webgl.ts');
}

describe('WebGL probe', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', true],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', true],
    ['Microsoft Basic Render Driver', true],
    ['ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)', false],
    ['Apple M2', false],
  ])('%s is software: %s', async (renderer, software) => {
    const { context, lose } = fakeContext(renderer);
    const probe = await probeWith(context);
    expect(probe.webgl2Available()).toBe(true);
    expect(probe.softwareRenderer()).toBe(software);
    // The probe gives its context back at once (browsers cap live WebGL contexts).
    expect(lose.loseContext).toHaveBeenCalledTimes(1);
  });

  it('without WebGL 2 there is no map and no renderer', async () => {
    const probe = await probeWith(null);
    expect(probe.webgl2Available()).toBe(false);
    expect(probe.softwareRenderer()).toBe(false);
  });
});
