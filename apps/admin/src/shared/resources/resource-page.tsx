import { type AdminEndpointDef, firstIssueMessage, type ImageUploadPurpose, MSG } from '@h5/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Image,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  type TableColumnsType,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { type AdminEndpoint, callAdmin, callAdminWithMessage, type DataOf, type InputOf } from '../api/client';
import { isApiError } from '@h5/contract/api-error';
import { useSessionStore } from '../session/session-store';
import { useCan } from '../session/use-can';
import { useConfirmAction } from '../ui/confirm-action';
import { DataTable } from '../ui/data-table';
import { EditModal } from '../ui/edit-modal';
import { emptyLocale } from '../ui/empty';
import { PageTitle } from '../ui/page-title';
import { StatusTag } from '../ui/status-tag';
import { HtmlEditor } from './html-editor';
import { ImageField } from './image-field';

export type FieldKind =
  'text' | 'number' | 'money' | 'switch' | 'select' | 'textarea' | 'richtext' | 'image' | 'custom';
export interface Option {
  value: string | number;
  label: string;
}

/** One input of the create/edit form: `name` is a key of the contract's input schema. */
export interface FieldSpec<K extends string = string> {
  name: K;
  label: string;
  kind: FieldKind;
  /** A fixed list, or a hook reading one from the server (venues, gateways, promotion types). */
  options?: readonly Option[] | (() => readonly Option[] | undefined);
  /** Select only: '' in the form stands for null (无). */
  nullable?: boolean;
  /** The value of a new item's form (a switch is on unless said otherwise). */
  initial?: unknown;
  help?: string;
  /** Sent on create only (an identifier the update call does not take). */
  createOnly?: boolean;
  /** Never read back (a secret): blank on edit, and left out of the update when still blank. */
  writeOnly?: boolean;
  /** Shown and sent only to the roles of this call (a pay way's gateway: the admin's). */
  onlyFor?: Pick<AdminEndpointDef, 'roles'>;
  /** Image only: the width/height the member app shows it at. */
  aspect?: [number, number];
  /** Image only: offer uploading the image (POST /admin/api/files) for this purpose, to roles that may. */
  upload?: ImageUploadPurpose;
  /**
   * Custom only: the inputs of a structured value (a list of rows), given the row being edited (null: a new item).
   * They name their own form items under `name`; the value goes to the call as the form holds it.
   */
  render?: (row: Record<string, unknown> | null) => ReactNode;
}

export interface ColumnSpec<Row> {
  name: keyof Row & string;
  title: string;
  width?: number;
  /** flag: 启用/停用 (toggle: the same as a switch that saves at once), image: a thumbnail, html: its text. */
  show?: 'text' | 'flag' | 'toggle' | 'image' | 'html' | ((value: unknown, row: Row) => ReactNode);
}

type RowOfList<L extends AdminEndpoint> = DataOf<L> extends readonly (infer R)[] ? R & object : never;
type FieldName<C extends AdminEndpoint> = keyof InputOf<C> & string;

/** What a list/create/update/delete screen is made of: the contract's calls, a column list and a field list. */
export interface ResourceSpec<L extends AdminEndpoint, C extends AdminEndpoint, U extends AdminEndpoint> {
  /** The screen's heading and menu name. */
  title: string;
  /** What one item is called: 新增{noun}, 编辑{noun}, 删除{noun}. */
  noun: string;
  list: L;
  create?: C;
  update?: U;
  remove?: AdminEndpoint;
  /** The row's identity, which also fills the `:id` or `:code` of the update and delete paths. */
  rowKey: keyof RowOfList<L> & string;
  /** The column that names a row in the confirm dialog and the dialogs' titles. */
  nameOf: (row: RowOfList<L>) => string;
  columns: readonly ColumnSpec<RowOfList<L>>[];
  fields: readonly FieldSpec<FieldName<C> | FieldName<U>>[];
  /** Shown above the table: what the screen changes in the member app. */
  intro?: ReactNode;
  /** More buttons of a row's 操作 column (a venue's 接入设置). */
  rowActions?: (row: RowOfList<L>) => ReactNode;
  /**
   * The notice after a save when it is not plainly saved; without one, the server's 已提交，待另一位管理员审批后生效
   * when a change waits for a second admin, else 已保存/已新增.
   */
  savedMessage?: (answer: unknown, editing: boolean) => string | undefined;
  /** Values of the row an update carries along unchanged (what the form does not edit). */
  keep?: readonly (keyof RowOfList<L> & string)[];
  scrollX?: number;
}

/**
 * The parts of a screen that the contract's description of a resource already says: its four calls, and its name
 * as the heading, menu name and noun. A spec spreads them: `defineResource({ ...fromResource(r.banners), ... })`.
 */
export const fromResource = <L extends AdminEndpoint, C extends AdminEndpoint, U extends AdminEndpoint>(resource: {
  name: string;
  list: L;
  create: C;
  update: U;
  remove: AdminEndpoint;
}) => ({
  title: resource.name,
  noun: resource.name,
  list: resource.list,
  create: resource.create,
  update: resource.update,
  remove: resource.remove,
});

/** Lets a spec be written with its types inferred from the contract's calls. */
export const defineResource = <L extends AdminEndpoint, C extends AdminEndpoint, U extends AdminEndpoint>(
  spec: ResourceSpec<L, C, U>,
) => spec;

type Values = Record<string, unknown>;
type LooseCall = (
  endpoint: AdminEndpoint,
  args: { params?: object; input?: unknown; silent?: boolean },
) => Promise<unknown>;
const call = callAdmin as unknown as LooseCall;
const callWithMessage = callAdminWithMessage as unknown as (
  ...args: Parameters<LooseCall>
) => Promise<{ data: unknown; message: string }>;

/** The `:param` of an update or delete path ('id', 'code'). */
const paramOf = (endpoint: AdminEndpoint) => /:([A-Za-z_]+)$/.exec(endpoint.path)?.[1] ?? 'id';

/** The form's value of a row's field: switches as booleans, nulls as ''. */
export function toForm(field: FieldSpec, value: unknown): unknown {
  if (field.writeOnly) return '';
  if (field.kind === 'switch') return value === 1 || value === true;
  if (value === null || value === undefined) return field.kind === 'number' ? undefined : '';
  return value;
}

/** What the call sends: switches as 0/1, '' as null where the field may be null, blank write-only left out. */
export function toInput(fields: readonly FieldSpec[], values: Values, editing: boolean, keep: Values): Values {
  const out: Values = { ...keep };
  for (const field of fields) {
    if (editing && field.createOnly) continue;
    const value = values[field.name];
    if (field.writeOnly && editing && (value === '' || value === undefined)) continue;
    if (field.kind === 'switch') out[field.name] = value ? 1 : 0;
    else if (field.nullable && (value === '' || value === undefined)) out[field.name] = null;
    else if (value !== undefined && value !== null) out[field.name] = value;
  }
  return out;
}

function useFieldOptions(field: FieldSpec): readonly Option[] | undefined {
  const source = field.options;
  // A hook source is called on every render of the same field, so the hooks' order holds.
  const loaded = typeof source === 'function' ? source() : source;
  if (!loaded) return undefined;
  return field.nullable ? [{ value: '', label: '无' }, ...loaded] : loaded;
}

export function FieldInput({
  field,
  editing,
  row = null,
}: {
  field: FieldSpec;
  editing: boolean;
  row?: Record<string, unknown> | null;
}) {
  const options = useFieldOptions(field);
  const help = field.writeOnly && editing ? '留空则不修改' : field.help;
  const common = { name: field.name, label: field.label, extra: help };
  switch (field.kind) {
    case 'custom':
      return <>{field.render?.(row)}</>;
    case 'switch':
      return (
        <Form.Item {...common} valuePropName="checked">
          {/* No text inside: white on the off state's grey fails contrast, and the label already names it. */}
          <Switch />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...common}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'money':
      return (
        <Form.Item {...common}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item {...common}>
          <Select options={options?.map((o) => ({ ...o }))} loading={options === undefined} />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
      );
    case 'richtext':
      return (
        <Form.Item {...common}>
          <HtmlEditor label={field.label} />
        </Form.Item>
      );
    case 'image':
      return (
        <Form.Item {...common}>
          <ImageField aspect={field.aspect} label={field.label} upload={field.upload} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <Input autoComplete={field.writeOnly ? 'new-password' : 'off'} />
        </Form.Item>
      );
  }
}

function ResourceDialog<L extends AdminEndpoint, C extends AdminEndpoint, U extends AdminEndpoint>({
  spec,
  row,
  queryKey,
  onClose,
}: {
  spec: ResourceSpec<L, C, U>;
  /** null: a new item. */
  row: RowOfList<L> | null;
  queryKey: readonly unknown[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const editing = row !== null;
  const fields = useVisibleFields(spec.fields as readonly FieldSpec[]).filter((f) => !(editing && f.createOnly));
  const endpoint = (editing ? spec.update : spec.create) as AdminEndpoint;
  const initialValues: Values = {};
  for (const field of fields) {
    initialValues[field.name] = editing
      ? toForm(field, (row as Values)[field.name])
      : toForm(field, field.initial ?? (field.kind === 'switch' ? 1 : undefined));
  }

  const save = async () => {
    setRefusal(null);
    form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
    const values = form.getFieldsValue(true) as Values;
    const keep: Values = {};
    if (editing) for (const name of spec.keep ?? []) keep[name] = (row as Values)[name];
    const input = toInput(fields, values, editing, keep);
    // The contract's own schema checks first, so a refusal reads exactly as the server's would.
    const checked = endpoint.input.safeParse(input);
    if (!checked.success) {
      // Each message under the input it is about: a field, or a row's input inside a list field (ranges.0.min_price).
      const byPath = new Map<string, { path: (string | number)[]; text: string }>();
      for (const issue of checked.error.issues) {
        const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
        const text = firstIssueMessage({ issues: [issue] } as typeof checked.error);
        const key = JSON.stringify(path);
        if (!byPath.has(key)) byPath.set(key, { path, text });
      }
      const issues = [...byPath.values()];
      const known = issues.filter(({ path }) => fields.some((f) => f.name === path[0]));
      form.setFields(known.map(({ path, text }) => ({ name: path, errors: [text] })));
      if (known.length === 0) setRefusal(issues[0]?.text ?? MSG.badInput);
      return;
    }
    setSaving(true);
    try {
      const params = editing ? { [paramOf(endpoint)]: (row as Values)[spec.rowKey] } : undefined;
      const { data: answer, message: said } = await callWithMessage(endpoint, { params, input, silent: true });
      // A change of money fields waits for a second admin: the server says so, and so does the notice.
      const waits = said === MSG.integrationChangePending ? said : undefined;
      void message.success(spec.savedMessage?.(answer, editing) ?? waits ?? (editing ? '已保存' : '已新增'));
      onClose();
    } catch (error) {
      // The server's Chinese message stays in the dialog beside the values it refused.
      setRefusal(isApiError(error) ? error.message : '保存失败');
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey });
    }
  };

  const name = row ? spec.nameOf(row) : '';
  return (
    <EditModal
      title={editing ? `编辑${spec.noun}${name ? `：${name}` : ''}` : `新增${spec.noun}`}
      okText="保存"
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      width={fields.some((f) => f.kind === 'richtext' || f.kind === 'image') ? 760 : 560}
    >
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        requiredMark={false}
        // A refusal is about the value that was sent: a changed field (or any input of a changed list) no longer carries it.
        onValuesChange={(changed: Values) =>
          form.setFields(
            form
              .getFieldsError()
              .filter((f) => f.errors.length > 0 && Object.hasOwn(changed, String(f.name[0])))
              .map((f) => ({ name: f.name, errors: [] })),
          )
        }
      >
        {fields.map((field) => (
          <FieldInput key={field.name} field={field} editing={editing} row={row as Values | null} />
        ))}
      </Form>
    </EditModal>
  );
}

/** The fields this operator's role sees (a field for other roles is neither shown nor sent). */
function useVisibleFields(fields: readonly FieldSpec[]): readonly FieldSpec[] {
  const role = useSessionStore((s) => s.session?.role);
  return fields.filter((f) => !f.onlyFor || (role !== undefined && f.onlyFor.roles.includes(role)));
}

function htmlText(html: string) {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * The one list/create/update/delete screen of every content and settings resource: the list call's table, a dialog
 * whose form is the spec's field list checked by the contract's input schema, delete behind a confirm, and the
 * server's Chinese message on a refused value.
 */
export function ResourcePage<L extends AdminEndpoint, C extends AdminEndpoint, U extends AdminEndpoint>({
  spec,
}: {
  spec: ResourceSpec<L, C, U>;
}) {
  const queryKey = ['resource', spec.list.path] as const;
  const list = useQuery({
    queryKey,
    queryFn: ({ signal }) => call(spec.list, { signal } as never) as Promise<RowOfList<L>[]>,
  });
  const confirm = useConfirmAction();
  const [editing, setEditing] = useState<RowOfList<L> | null | undefined>(undefined);
  const canWrite = useCan(spec.update ?? spec.list);
  const visibleFields = useVisibleFields(spec.fields as readonly FieldSpec[]);

  const toggle = (row: RowOfList<L>, name: string) => {
    const values: Values = {};
    for (const field of visibleFields) {
      if (!field.createOnly && !field.writeOnly) values[field.name] = (row as Values)[field.name];
    }
    for (const kept of spec.keep ?? []) values[kept] = (row as Values)[kept];
    const on = (row as Values)[name] === 1;
    values[name] = on ? 0 : 1;
    confirm({
      title: on ? `停用${spec.noun}` : `启用${spec.noun}`,
      content: `${on ? '停用' : '启用'}「${spec.nameOf(row)}」？`,
      danger: on,
      action: () =>
        call(spec.update as AdminEndpoint, {
          params: { [paramOf(spec.update as AdminEndpoint)]: (row as Values)[spec.rowKey] },
          input: values,
        }),
      invalidate: [queryKey],
      success: on ? '已停用' : '已启用',
    });
  };

  // The switches at the end of a row (启用) stay in sight beside its buttons, like them, on a narrow screen.
  let trailingToggles = 0;
  while (spec.columns.at(-1 - trailingToggles)?.show === 'toggle') trailingToggles += 1;
  const columns: TableColumnsType<RowOfList<L>> = spec.columns.map((column, index) => ({
    title: column.title,
    dataIndex: column.name,
    width: column.width,
    fixed: canWrite && spec.update && index >= spec.columns.length - trailingToggles ? ('right' as const) : undefined,
    ellipsis: column.show === 'html' || column.show === undefined || column.show === 'text',
    render: (value: unknown, row: RowOfList<L>) => {
      const show = column.show ?? 'text';
      if (typeof show === 'function') return show(value, row);
      if (show === 'flag' || (show === 'toggle' && !spec.update)) {
        return value === 1 ? <StatusTag tone="success">启用</StatusTag> : <StatusTag tone="neutral">停用</StatusTag>;
      }
      if (show === 'toggle') {
        return (
          <Switch
            size="small"
            checked={value === 1}
            aria-label={`${spec.nameOf(row)} ${column.title}`}
            onChange={() => toggle(row, column.name)}
          />
        );
      }
      if (show === 'image') {
        return value ? <Image src={String(value)} alt={`${spec.noun}图片`} height={40} /> : '-';
      }
      if (show === 'html') return htmlText(String(value ?? ''));
      return value === '' || value === null || value === undefined ? '-' : String(value as string | number);
    },
  }));
  if (canWrite && (spec.update || spec.remove)) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: spec.rowActions ? 250 : 150,
      fixed: 'right',
      render: (_v, row) => (
        // A row with more buttons than the column holds (a Hub88 venue's 同步游戏) wraps them inside it, never past
        // the window's edge.
        <Space wrap size={[8, 4]}>
          {spec.rowActions?.(row)}
          {spec.update ? (
            <Button size="small" aria-label={`编辑 ${spec.nameOf(row)}`} onClick={() => setEditing(row)}>
              编辑
            </Button>
          ) : null}
          {spec.remove ? (
            <Button
              size="small"
              danger
              aria-label={`删除 ${spec.nameOf(row)}`}
              onClick={() =>
                confirm({
                  title: `删除${spec.noun}`,
                  content: `删除「${spec.nameOf(row)}」后不可恢复。`,
                  okText: '删除',
                  danger: true,
                  action: () =>
                    call(spec.remove as AdminEndpoint, {
                      params: { [paramOf(spec.remove as AdminEndpoint)]: (row as Values)[spec.rowKey] },
                    }),
                  invalidate: [queryKey],
                  success: '已删除',
                })
              }
            >
              删除
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <>
      <PageTitle
        extra={
          spec.create && canWrite ? (
            <Button type="primary" onClick={() => setEditing(null)}>
              新增{spec.noun}
            </Button>
          ) : null
        }
      >
        {spec.title}
      </PageTitle>
      {spec.intro ? <div style={{ marginBottom: 16 }}>{spec.intro}</div> : null}
      <DataTable<RowOfList<L>>
        label={`${spec.title}列表`}
        rowKey={(row) => String((row as Values)[spec.rowKey])}
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isPending}
        pagination={false}
        locale={emptyLocale(`暂无${spec.noun}`)}
        scroll={{ x: spec.scrollX ?? 900 }}
      />
      {editing !== undefined ? (
        <ResourceDialog spec={spec} row={editing} queryKey={queryKey} onClose={() => setEditing(undefined)} />
      ) : null}
    </>
  );
}
