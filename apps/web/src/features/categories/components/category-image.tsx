import { CATEGORY_IMAGE_MAX_BYTES } from '@fleetdesk/contracts';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useRemoveCategoryImage, useUploadCategoryImage } from '../api.ts';

/** The category picture (JPEG or PNG under 2 MB). */
export function CategoryImage({ categoryId, imageUrl }: { categoryId: string; imageUrl: string | null }) {
  return (
    <ImageUpload
      namespace="categories"
      imageUrl={imageUrl}
      maxBytes={CATEGORY_IMAGE_MAX_BYTES}
      width={120}
      height={120}
      upload={useUploadCategoryImage(categoryId)}
      remove={useRemoveCategoryImage(categoryId)}
    />
  );
}
