import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Empty, Flex, Image, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../../../shared/ui/image-upload.tsx';
import { useImagePreview } from '../../work-items/components/image-choice.field.tsx';
import { type GroupRow, moveGroup } from './checklist-form.model.ts';

/** Touch-size square buttons (tablets: at least 40 px). */
const touch = { minWidth: 40, height: 40 } as const;

/**
 * The groups in their order: drag a card by its handle (mouse, touch or keyboard: focus the handle, Space, arrows,
 * Space), or use the move up / move down buttons. Each card tells required or optional and its work items.
 */
export function GroupList({
  groups,
  itemNames,
  errors,
  onChange,
  onEdit,
}: {
  groups: GroupRow[];
  itemNames: ReadonlyMap<string, string>;
  /** Messages per group key (server refusals of the group's call). */
  errors: Readonly<Record<string, string[]>>;
  onChange: (groups: GroupRow[]) => void;
  onEdit: (group: GroupRow) => void;
}) {
  const { t } = useTranslation('checklists');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (key: string | number) => groups.find((g) => g.key === key)?.name ?? '';
  const positionOf = (key: string | number) => groups.findIndex((g) => g.key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.pickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(active.id) }),
  };

  const move = (from: number, to: number) => onChange(moveGroup(groups, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      groups.findIndex((g) => g.key === active.id),
      groups.findIndex((g) => g.key === over.id),
    );
  };

  if (groups.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.none')} />;
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={groups.map((g) => g.key)} strategy={verticalListSortingStrategy}>
        <ol
          aria-label={t('group.listLabel')}
          data-testid="group-list"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {groups.map((group, index) => (
            <SortableGroupCard
              key={group.key}
              group={group}
              index={index}
              count={groups.length}
              itemNames={itemNames}
              errors={errors[group.key] ?? []}
              onMove={(to) => move(index, to)}
              onEdit={() => onEdit(group)}
              onRemove={() => onChange(groups.filter((g) => g.key !== group.key))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableGroupCard({
  group,
  index,
  count,
  itemNames,
  errors,
  onMove,
  onEdit,
  onRemove,
}: {
  group: GroupRow;
  index: number;
  count: number;
  itemNames: ReadonlyMap<string, string>;
  errors: string[];
  onMove: (to: number) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('checklists');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: group.key,
  });
  const preview = useImagePreview(group.image);
  const src = group.image === 'remove' ? undefined : (preview ?? imageSource(group.imageUrl ?? null));
  const items = group.workItemIdList.map((id) => itemNames.get(id) ?? t('group.unknownItem'));

  return (
    <li
      ref={setNodeRef}
      data-testid="group-card"
      data-group-name={group.name}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
      }}
    >
      <Card size="small" style={{ boxShadow: isDragging ? '0 6px 16px rgba(0,0,0,0.15)' : undefined }}>
        <Flex gap={12} align="center" wrap>
          <Tooltip title={t('dnd.handle')}>
            <Button
              ref={setActivatorNodeRef}
              type="text"
              icon={<HolderOutlined />}
              style={{ ...touch, cursor: 'grab', touchAction: 'none' }}
              aria-label={t('dnd.handleOf', { name: group.name })}
              data-testid="group-drag-handle"
              {...attributes}
              {...listeners}
            />
          </Tooltip>
          <Typography.Text type="secondary" style={{ minWidth: 20 }}>
            {index + 1}
          </Typography.Text>
          {src ? (
            <Image
              src={src}
              alt={group.name}
              width={48}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              preview={false}
            />
          ) : (
            <Flex
              align="center"
              justify="center"
              style={{ width: 48, height: 48, background: 'rgba(0,0,0,0.04)', borderRadius: 4 }}
            >
              <PictureOutlined />
            </Flex>
          )}
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong data-testid="group-name">
                {group.name}
              </Typography.Text>
              <Tag color={group.isRequired ? 'red' : 'default'}>
                {group.isRequired ? t('group.required') : t('group.optional')}
              </Tag>
              {group.isAllWorkItemsRequired && <Tag color="orange">{t('group.allItemsRequired')}</Tag>}
            </Flex>
            <Typography.Text type="secondary" ellipsis={{ tooltip: items.join(', ') }}>
              {t('group.itemCount', { count: items.length })}: {items.join(', ')}
            </Typography.Text>
            {errors.map((message) => (
              <Typography.Text key={message} type="danger" role="alert">
                {message}
              </Typography.Text>
            ))}
          </Flex>
          <Flex gap={4}>
            <Button
              icon={<ArrowUpOutlined />}
              style={touch}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={t('group.moveUp', { name: group.name })}
            />
            <Button
              icon={<ArrowDownOutlined />}
              style={touch}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={t('group.moveDown', { name: group.name })}
            />
            <Button
              icon={<EditOutlined />}
              style={touch}
              onClick={onEdit}
              aria-label={t('group.edit', { name: group.name })}
            />
            <Button
              icon={<DeleteOutlined />}
              style={touch}
              danger
              onClick={onRemove}
              aria-label={t('group.remove', { name: group.name })}
            />
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
