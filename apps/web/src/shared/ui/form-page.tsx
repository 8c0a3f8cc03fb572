import { Alert, App, Button, Card, Flex, Form, type FormItemProps, Spin } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { createContext, isValidElement, type ReactNode, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../http.ts';
import { DataMissing } from './data-missing.tsx';
import { errorsAt, serverFieldsToFieldErrors, zodIssuesToFieldErrors } from './form-errors.ts';
import { useLeaveGuard } from './leave-guard.ts';
import { PageContainer } from './page-container.tsx';

export type FormSchema = z.ZodType<Record<string, unknown>>;
type Schema = FormSchema;

/** A confirmation that needs more than a question: a summary of what will be saved, a list of affected staff. */
export interface SubmitConfirmation {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
}

const isConfirmation = (value: unknown): value is SubmitConfirmation =>
  typeof value === 'object' && value !== null && !isValidElement(value) && 'title' in value;

/** Lets FormField validate against the page's schema without each field repeating it. */
const SchemaContext = createContext<Schema | null>(null);

export interface FormPageProps<S extends Schema> {
  /** Defaults to the menu title of the route. */
  title?: ReactNode;
  documentTitle?: string;
  /** The contract's input schema: client validation uses exactly what the server will check. */
  schema: S;
  initialValues?: Partial<z.input<S>>;
  /** While the record of an edit form loads. */
  loading?: boolean;
  /** The load error of an edit form; a 404 shows "The data do not exist!". */
  loadError?: unknown;
  /** Sends the parsed values; reject with the ApiError so server field errors land on their fields. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** After a successful submit, with the dirty guard already released (navigate to the list, …). */
  onDone: () => void;
  /** Defaults to going back. */
  onCancel?: () => void;
  submitText?: string;
  /**
   * Ask before sending (document 1 §5: adds confirm). Returns the question (or a title with a summary), or
   * null to send without asking; may be async, e.g. to list the staff a role change affects.
   */
  confirmSubmit?: (values: z.output<S>) => ReactNode | SubmitConfirmation | Promise<ReactNode | SubmitConfirmation>;
  /** Extra buttons in the title row (e.g. a delete ConfirmButton on edit forms). */
  extra?: ReactNode;
  /** Use the page's full width (side-by-side editors such as the role permission matrix). */
  wide?: boolean;
  /** Sections below the form's card that submit on their own (a form cannot nest inside another). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * A create/edit form: validation from the contract's zod schema (live per field and on submit), server
 * ValidationError fields mapped back onto the form, a guard against leaving with unsaved changes
 * (document 1 §5), Ctrl/Cmd+Enter to submit and Escape-free cancel.
 */
export function FormPage<S extends Schema>(props: FormPageProps<S>) {
  if (props.loading) {
    return (
      <PageContainer title={props.title}>
        <Card>
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        </Card>
      </PageContainer>
    );
  }
  if (props.loadError) {
    if (isApiError(props.loadError) && props.loadError.status === 404) return <DataMissing />;
    return <Alert type="error" showIcon title={(props.loadError as Error).message} />;
  }
  return <LoadedForm {...props} />;
}

function LoadedForm<S extends Schema>({
  title,
  documentTitle,
  schema,
  initialValues,
  onSubmit,
  onDone,
  onCancel,
  submitText,
  confirmSubmit,
  extra,
  wide,
  after,
  children,
}: FormPageProps<S>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // The blocker reads a ref: after a successful save the navigation must pass in the same tick.
  const dirtyRef = useRef(false);

  const markDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };

  useLeaveGuard(dirty, dirtyRef);

  const submit = async (values: unknown) => {
    setFormErrors([]);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const { fields, form: messages } = zodIssuesToFieldErrors(parsed.error.issues);
      form.setFields(fields);
      setFormErrors(messages.length ? messages : [t('form.fixFields')]);
      return;
    }
    setSubmitting(true);
    try {
      const question = confirmSubmit ? await confirmSubmit(parsed.data) : null;
      const confirmation = isConfirmation(question) ? question : { title: question };
      if (
        confirmation.title &&
        !(await modal.confirm({
          title: confirmation.title,
          content: confirmation.content,
          okText: confirmation.okText ?? t('action.confirm'),
          cancelText: t('action.cancel'),
        }))
      ) {
        return;
      }
      await onSubmit(parsed.data);
      markDirty(false);
      onDone();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) {
        form.setFields(serverFieldsToFieldErrors(fields));
        setFormErrors([t('form.fixFields')]);
      }
      // Other failures were notified by the http layer; the form stays as typed so nothing is lost.
    } finally {
      setSubmitting(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.submit();
    }
  };

  return (
    <PageContainer title={title} documentTitle={documentTitle} extra={extra}>
      <SchemaContext.Provider value={schema}>
        <Card>
          {formErrors.length > 0 && (
            <Alert type="error" showIcon title={formErrors.join(' ')} style={{ marginBottom: 16 }} />
          )}
          <Form
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={() => markDirty(true)}
            onFinish={submit}
            onFinishFailed={() => setFormErrors([t('form.fixFields')])}
            onKeyDown={onKeyDown}
            // Centre the field so the sticky header never covers it.
            scrollToFirstError={{ block: 'center', behavior: 'smooth', focus: true }}
            style={{ maxWidth: wide ? undefined : 880 }}
          >
            {children}
            <Flex gap={8} style={{ marginTop: 24 }}>
              <Button type="primary" htmlType="submit" loading={submitting} title={t('form.submitHint')}>
                {submitText ?? t('action.save')}
              </Button>
              <Button onClick={onCancel ?? (() => navigate(-1))}>{t('action.cancel')}</Button>
            </Flex>
          </Form>
        </Card>
      </SchemaContext.Provider>
      {after}
    </PageContainer>
  );
}

/**
 * A Form.Item validated by the page's contract schema: the whole form is parsed and only this field's
 * issues are shown, so cross-field rules and the server's own messages read the same.
 */
export function FormField(props: FormItemProps) {
  const schema = useContext(SchemaContext);
  const rules: FormItemProps['rules'] = schema
    ? [
        ({ getFieldsValue }) => ({
          validator: async (rule: RuleObject) => {
            // rc-field-form names the rule after the field's full path ("attachments.0.url"), list items included.
            const field = (rule as RuleObject & { field?: string }).field;
            if (!field) return;
            const name = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
            const result = schema.safeParse(getFieldsValue(true));
            const errors = result.success ? [] : errorsAt(result.error.issues, name);
            if (errors.length) throw new Error(errors.join(' '));
          },
        }),
        ...(props.rules ?? []),
      ]
    : props.rules;
  return <Form.Item {...props} rules={rules} />;
}
