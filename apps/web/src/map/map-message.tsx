import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { mapColors } from './map-colors.ts';

/** What stands in the map's place when it cannot be drawn: same size, same name, a reason in words. */
export function MapMessage({
  label,
  height,
  text,
  children,
}: {
  label: string;
  height: number;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Flex
      role="region"
      aria-label={label}
      vertical
      align="center"
      justify="center"
      gap={8}
      style={{ height, borderRadius: 8, background: mapColors.sea, padding: 24, textAlign: 'center' }}
    >
      <Typography.Text type="secondary">{text}</Typography.Text>
      {children}
    </Flex>
  );
}
