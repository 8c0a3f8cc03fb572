/** The asset map's calls (issue 5): map data by viewport and the live update stream. */
export const assetMapEndpoints = {};
