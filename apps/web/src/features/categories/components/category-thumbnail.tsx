import { PictureOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { imageSource } from '../../../shared/ui/image-upload.tsx';

/** The small picture in front of a category name in lists; a neutral icon when there is none. */
export function CategoryThumbnail({ imageUrl }: { imageUrl: string | null }) {
  const src = imageSource(imageUrl);
  const box = { width: 32, height: 32, borderRadius: 4, flex: 'none' } as const;
  if (src) return <img src={src} alt="" style={{ ...box, objectFit: 'cover' }} />;
  return (
    <Flex align="center" justify="center" style={{ ...box, background: 'rgba(0,0,0,0.04)' }} aria-hidden>
      <PictureOutlined />
    </Flex>
  );
}
