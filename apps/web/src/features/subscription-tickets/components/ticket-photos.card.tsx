import { DeleteOutlined } from '@ant-design/icons';
import {
  type CustomerTicket,
  subscriptionTicketEndpoints as e,
  RECORD_IMAGE_MAX_BYTES,
  TICKET_PHOTOS_MAX,
} from '@fleetdesk/contracts';
import { Alert, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { FileGallery, formatBytes, type GalleryFile } from '../../checklist-records/components/attachment-gallery.tsx';
import {
  attachmentFileProblem,
  FileUploadButton,
  PHOTO_ACCEPT,
} from '../../checklist-records/components/attachment-upload.tsx';
import { useTicketErrorText } from '../../customer-tickets/components/ticket-error.ts';
import { ticketPhotoFiles, useAddTicketPhoto, useDeleteTicketPhoto } from '../api.ts';
import { ticketPhotoActions } from './ticket-photos.model.ts';

const limits = { max: TICKET_PHOTOS_MAX, size: formatBytes(RECORD_IMAGE_MAX_BYTES) };

/** A refusal of a photo call in the user's words: by status for the photo rules, else the ticket's error text. */
function usePhotoRefusal() {
  const { t } = useTranslation('subscription-tickets');
  const errorText = useTicketErrorText();
  return (error: unknown): string | null => {
    if (!isApiError(error) || error.status === 0 || error.status >= 500) return null; // notified by the http layer
    if (error.status === 415) return t('photos.problem.wrongType');
    if (error.status === 413) return t('photos.problem.tooLarge', limits);
    if (error.status === 422 && error.code === 'TooManyPhotos') return t('photos.problem.tooMany', limits);
    if (error.status === 409) return t('photos.problem.notNew');
    return errorText(error);
  };
}

/**
 * The photos the partner attached to a B2B ticket: thumbnails that open larger, "Add photo" (camera on a tablet)
 * and a confirmed delete per photo while the ticket is new and the user may change it. `readOnly` (the workshop's
 * workbench) only shows them.
 */
export function TicketPhotosCard({ ticket, readOnly = false }: { ticket: CustomerTicket; readOnly?: boolean }) {
  const { t } = useTranslation('subscription-tickets');
  const may = { add: useCan(requirementOf(e.addPhoto)), delete: useCan(requirementOf(e.deletePhoto)), readOnly };
  const { canAdd, canDelete } = ticketPhotoActions(ticket, may);
  const add = useAddTicketPhoto(ticket.id);
  const remove = useDeleteTicketPhoto(ticket.id);
  const refusalOf = usePhotoRefusal();
  const [refusal, setRefusal] = useState<string | null>(null);

  const files = ticket.photos.map(
    (photo): GalleryFile => ({
      id: photo.id,
      kind: 'image',
      caption: photo.fileName || t('photos.photo'),
      alt: photo.fileName ? t('photos.alt', { name: photo.fileName }) : t('photos.photo'),
      note: formatBytes(photo.sizeBytes),
    }),
  );

  const deletePhoto = async (photoId: string) => {
    setRefusal(null);
    try {
      await remove.mutateAsync(photoId);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  return (
    <Card
      title={t('photos.title')}
      data-testid="ticket-photos"
      extra={
        <Typography.Text type="secondary" data-testid="ticket-photos-count">
          {t('photos.count', { n: ticket.photos.length, max: TICKET_PHOTOS_MAX })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        {canAdd && (
          <FileUploadButton
            label={t('photos.add')}
            accept={PHOTO_ACCEPT}
            testId="add-ticket-photo"
            upload={(file, onProgress) => add.mutateAsync({ file, onProgress })}
            check={(file) => {
              const problem = attachmentFileProblem(file, { videos: false });
              return problem === 'wrongType'
                ? t('photos.problem.wrongType')
                : problem
                  ? t('photos.problem.tooLarge', limits)
                  : null;
            }}
            refusal={refusalOf}
          />
        )}
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setRefusal(null) }}
            title={refusal}
            data-testid="ticket-photo-refusal"
          />
        )}
        <FileGallery
          files={files}
          source={ticketPhotoFiles(ticket.id)}
          empty={t('photos.none')}
          testId="ticket-photo-gallery"
          actions={
            canDelete
              ? (file) => (
                  <ConfirmButton
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    data-testid={`delete-ticket-photo-${file.id}`}
                    aria-label={t('photos.deleteNamed', { name: file.caption })}
                    title={t('photos.deleteConfirm', { name: file.caption })}
                    okText={t('photos.delete')}
                    onConfirm={() => deletePhoto(file.id)}
                  >
                    {t('photos.delete')}
                  </ConfirmButton>
                )
              : undefined
          }
        />
      </Flex>
    </Card>
  );
}
