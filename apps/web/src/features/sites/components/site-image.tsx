import { SITE_IMAGE_MAX_BYTES } from '@fleetdesk/contracts';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useRemoveSiteImage, useUploadSiteImage } from '../api.ts';

/** The site picture (JPEG or PNG up to 5 MB). */
export function SiteImage({ siteId, imageUrl }: { siteId: string; imageUrl: string | null }) {
  return (
    <ImageUpload
      namespace="sites"
      imageUrl={imageUrl}
      maxBytes={SITE_IMAGE_MAX_BYTES}
      width={160}
      height={110}
      upload={useUploadSiteImage(siteId)}
      remove={useRemoveSiteImage(siteId)}
    />
  );
}
