let probed: { webgl2: boolean; software: boolean } | null = null;

/** Renderers that draw WebGL on the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' WARP. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i;

/**
 * What this browser's WebGL 2 is, probed once and the probe context released (browsers cap the number of live
 * WebGL contexts per page): whether there is one at all (maplibre 6 renders with WebGL 2 only), and whether it
 * runs on the CPU.
 */
function probe(): { webgl2: boolean; software: boolean } {
  if (probed) return probed;
  probed = { webgl2: false, software: false };
  try {
    const context = document.createElement('canvas').getContext('webgl2');
    if (context) {
      const info = context.getExtension('WEBGL_debug_renderer_info');
      const renderer = String(context.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : context.RENDERER) ?? '');
      probed = { webgl2: true, software: SOFTWARE_RENDERER.test(renderer) };
      context.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL at all: the map explains it in words.
  }
  return probed;
}

export const webgl2Available = (): boolean => probe().webgl2;

/** WebGL drawn on the CPU: too slow to redraw a full-screen map at every pointer move (see frame-pan.ts). */
export const softwareRenderer = (): boolean => probe().software;
