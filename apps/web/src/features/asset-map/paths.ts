/** Route pattern of the asset map (document 1 §2.3, menu Asset → Asset map). */
export const assetMapPaths = { map: '/asset/map' } as const;
