/*
 * TinyMCE 6.7.0, self-hosted (ARCHITECTURE.md "a rich-text editor self-hosted (no CDN)"): the core, model,
 * theme, icons, plugins and skins are bundled by Vite into the editor pages' chunk, so the editor never
 * fetches a script or stylesheet from anywhere. The imports must come before the React wrapper renders:
 * it uses the `tinymce` global when present and would otherwise load it from the cloud.
 */
import 'tinymce/tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/plugins/autolink';
import 'tinymce/plugins/image';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/table';
import 'tinymce/skins/ui/oxide/skin.min.css';
import type { PartnerDocumentType } from '@fleetdesk/contracts';
import { Editor } from '@tinymce/tinymce-react';
import { useRef } from 'react';
import contentCss from 'tinymce/skins/content/default/content.min.css?inline';
import contentUiCss from 'tinymce/skins/ui/oxide/content.min.css?inline';
import { isApiError } from '../../../shared/http.ts';
import { uploadDocumentImage } from '../api.ts';

/** What the editor may produce; the server's sanitiser keeps the same elements (documents.sanitiser.ts). */
const plugins = ['autolink', 'link', 'image', 'lists', 'table'];
const toolbar =
  'undo redo | blocks | bold italic underline strikethrough | alignleft aligncenter alignright | ' +
  'bullist numlist blockquote | link image table | removeformat';

export interface DocumentEditorProps {
  /** Which document the images belong to (the upload call is per type). */
  type: PartnerDocumentType;
  value?: string;
  /** A change the user made (typing, toolbar, paste, undo). */
  onChange?: (html: string) => void;
  /**
   * A change the editor made by itself: TinyMCE rewrites loaded HTML into its own canonical form. It must
   * reach the form's value without counting as an edit, or opening a document would trip the dirty guard.
   */
  onSync?: (html: string) => void;
  readOnly?: boolean;
  /** Accessible name of the editing area ("English"). */
  label: string;
  /** Marks the frame red when the field has an error. */
  invalid?: boolean;
}

/** One language of a document: a rich-text editor whose images go through `$uploadImage`. */
export default function DocumentEditor({
  type,
  value,
  onChange,
  onSync,
  readOnly,
  label,
  invalid,
}: DocumentEditorProps) {
  // The editor keeps the handlers it was initialised with; refs let them reach the current callbacks.
  const changed = useRef(onChange);
  const synced = useRef(onSync);
  changed.current = onChange;
  synced.current = onSync;
  return (
    <div
      data-testid={`document-editor-${label}`}
      style={{ borderRadius: 8, outline: invalid ? '1px solid #ff4d4f' : undefined }}
    >
      <Editor
        // No script source: if the bundled global were missing, fail instead of falling back to the cloud.
        tinymceScriptSrc={[]}
        value={value ?? ''}
        // isDirty() is TinyMCE's own "the user changed something" flag; its first rise is caught by onInit below.
        onEditorChange={(html, editor) => (editor.isDirty() ? changed.current : synced.current)?.(html)}
        onInit={(_, editor) => editor.on('dirty', () => changed.current?.(editor.getContent()))}
        disabled={readOnly}
        init={{
          height: 420,
          menubar: false,
          branding: false,
          promotion: false,
          skin: false,
          content_css: false,
          content_style: `${contentCss}\n${contentUiCss}\nbody { font-family: -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 14px; }`,
          plugins,
          toolbar: readOnly ? false : toolbar,
          statusbar: !readOnly,
          iframe_aria_text: label,
          // The editing frame is named after its language for screen readers instead of "Rich Text Area".
          init_instance_callback: (editor) => editor.iframeElement?.setAttribute('title', label),
          // Inside the editing frame nothing but our own origin and https images may load, whatever is pasted.
          content_security_policy: "default-src 'none'; img-src 'self' https: blob: data:; style-src 'unsafe-inline'",
          block_formats: 'Paragraph=p; Heading 2=h2; Heading 3=h3; Heading 4=h4',
          // Keep our upload URLs as /api/files/… (the sanitiser accepts exactly those) and links as typed.
          convert_urls: false,
          relative_urls: false,
          // "example.com" typed in the link dialog becomes https://example.com: links must be complete.
          link_assume_external_targets: 'https',
          link_default_protocol: 'https',
          image_uploadtab: true,
          images_file_types: 'jpeg,jpg,png',
          automatic_uploads: true,
          paste_data_images: true,
          images_upload_handler: async (blobInfo) => {
            try {
              return await uploadDocumentImage(type, blobInfo.blob(), blobInfo.filename());
            } catch (error) {
              // TinyMCE shows the message in its own notification and removes the unsent image.
              throw { message: isApiError(error) ? error.message : String(error), remove: true };
            }
          },
          // Only what the server keeps; anything else is dropped in the editor already.
          invalid_elements: 'script,style,iframe,object,embed,form,input,button,svg,math,link,meta,base',
        }}
      />
    </div>
  );
}
