import {
  BoldOutlined,
  CodeOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { adminEndpoints, type ImageUploadPurpose, isSiteUrl, MSG } from '@h5/contract';
import Image from '@tiptap/extension-image';
import { type ChainedCommands, type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert, Button, Form, Input, Modal, Progress, Space, Tooltip, Typography, Upload } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useCan } from '../session/use-can';
import { IMAGE_ACCEPT, useImageUpload } from './image-field';
import './rich-text-editor.css';

/**
 * What the visual editor keeps. Everything it writes is within DOMPurify's default allow-list, which the server
 * cleans with on save, so what the editor shows is what is stored: links carry no `target` (DOMPurify drops it), and
 * pasted images must be addresses, never base64 data.
 */
export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    // No empty paragraph added after a final heading or image: it would be saved as <p></p>.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: 'noopener noreferrer nofollow' },
    },
  }),
  Image.configure({ allowBase64: false }),
];

/** Elements the editor's schema keeps, and the attributes it keeps on them. */
const KEPT: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  strike: [],
  del: [],
  code: ['class'],
  pre: [],
  blockquote: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  a: ['href', 'target', 'rel', 'class'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};
/** Wrappers whose text the editor keeps as paragraphs: only their attributes would be lost. */
const TRANSPARENT = new Set(['span', 'div']);

/** An opening tag, its quoted attribute values allowed to hold '>'. */
const TAG = /<[a-zA-Z](?:"[^"]*"|'[^']*'|[^'">])*>/g;
const HANDLER = /\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * `html` without scripts and event-handler attributes, as text: what is handed to a parser. A parsed document runs
 * none of them, but Chromium reports each handler it parses as a content-security-policy violation; the editor's
 * schema and the server's cleaning drop them anyway, so nothing the operator meant is lost.
 */
export function inertHtml(html: string): string {
  return html.replace(/<script\b[\s\S]*?(<\/script\s*>|$)/gi, '').replace(TAG, (tag) => tag.replace(HANDLER, ''));
}

/**
 * The markup of `html` that the visual editor would not keep (an element such as table or button, an attribute such
 * as style), e.g. ['table', 'style']; [] when the editor keeps it all. The HTML is parsed into an inert document:
 * nothing of it loads or runs.
 */
export function unsupportedMarkup(html: string): string[] {
  if (!/</.test(html)) return [];
  const found = new Set<string>();
  if (/<script\b/i.test(html)) found.add('script');
  for (const tag of html.match(TAG) ?? []) for (const [, name] of tag.matchAll(HANDLER)) found.add(name!.toLowerCase());
  const doc = new DOMParser().parseFromString(`<body>${inertHtml(html)}</body>`, 'text/html');
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    const kept = KEPT[tag];
    if (!kept && !TRANSPARENT.has(tag)) {
      found.add(tag);
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      if (!kept?.includes(attribute.name)) found.add(attribute.name);
    }
  }
  return [...found];
}

/** The editor's HTML, '' when there is nothing in it (an empty paragraph is no content). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

export interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  /** What an image uploaded from the 图片 dialog is stored as. */
  uploadPurpose?: ImageUploadPurpose;
}

/**
 * Operator HTML (promotion content and memo, help articles, inbox messages, the welcome text) in a visual editor
 * (TipTap), with 源码 to read or paste the HTML itself. Loaded on demand by html-editor.tsx. HTML the visual editor
 * cannot keep (a table, inline styles) opens in 源码, so an edit never drops it unasked.
 */
export default function RichTextEditor({ id, value = '', onChange, label, uploadPurpose = 'content' }: Props) {
  const [source, setSource] = useState(() => unsupportedMarkup(value).length > 0);
  /** The last HTML the editor handed to the form: a value that differs came from outside (a reset, 源码). */
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: inertHtml(value),
    shouldRerenderOnTransaction: false,
    editorProps: {
      transformPastedHTML: inertHtml,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rich-text-editor-content',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    if (!editor || source || value === emitted.current) return;
    // A value from outside is shown as it is; the form keeps it until the operator edits here.
    editor.commands.setContent(inertHtml(value), { emitUpdate: false });
    emitted.current = value;
  }, [editor, value, source]);

  const lost = source ? unsupportedMarkup(value) : [];
  return (
    <div className="rich-text-editor">
      {editor ? (
        <Toolbar editor={editor} label={label} source={source} onSource={setSource} uploadPurpose={uploadPurpose} />
      ) : null}
      <div hidden={source} className="rich-text-editor-frame">
        <EditorContent editor={editor} />
      </div>
      {source ? (
        <>
          <Input.TextArea
            id={id}
            aria-label={`${label}HTML源码`}
            value={value}
            onChange={(event) => onChange?.(event.target.value)}
            autoSize={{ minRows: 8, maxRows: 18 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
          {lost.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              title={`可视化编辑无法保留：${lost.join('、')}。请在源码中修改；切回可视化后再编辑会去掉这些部分。`}
            />
          ) : null}
        </>
      ) : null}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
        保存时服务器会去掉脚本、事件属性等不安全内容。
      </Typography.Text>
    </div>
  );
}

/**
 * The toolbar's formats, in its order: each button pressed while the selection has its format (`is`, a key of the
 * toolbar's editor state), toggling it on the selection.
 */
const FORMATS: {
  is: 'bold' | 'italic' | 'heading' | 'bulletList' | 'orderedList';
  title: string;
  text: string;
  icon: ReactNode;
  toggle: (chain: ChainedCommands) => ChainedCommands;
}[] = [
  { is: 'bold', title: '加粗', text: '加粗', icon: <BoldOutlined />, toggle: (c) => c.toggleBold() },
  { is: 'italic', title: '斜体', text: '斜体', icon: <ItalicOutlined />, toggle: (c) => c.toggleItalic() },
  {
    is: 'heading',
    title: '标题',
    text: '标题',
    icon: <FontSizeOutlined />,
    toggle: (c) => c.toggleHeading({ level: 3 }),
  },
  {
    is: 'bulletList',
    title: '列表',
    text: '列表',
    icon: <UnorderedListOutlined />,
    toggle: (c) => c.toggleBulletList(),
  },
  {
    is: 'orderedList',
    title: '编号列表',
    text: '编号',
    icon: <OrderedListOutlined />,
    toggle: (c) => c.toggleOrderedList(),
  },
];

/** 撤销 and 重做: a step back or forward through the edits, offered while there is one (`can`, of the editor state). */
const HISTORY: {
  can: 'canUndo' | 'canRedo';
  title: string;
  icon: ReactNode;
  take: (chain: ChainedCommands) => ChainedCommands;
}[] = [
  { can: 'canUndo', title: '撤销', icon: <UndoOutlined />, take: (c) => c.undo() },
  { can: 'canRedo', title: '重做', icon: <RedoOutlined />, take: (c) => c.redo() },
];

function ToolButton({
  title,
  icon,
  onClick,
  pressed,
  disabled,
  children,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'default'}
        // The icon's own name ('bold') would come before ours.
        icon={<span aria-hidden="true">{icon}</span>}
        aria-pressed={pressed}
        disabled={disabled}
        // Keep the editor's selection: the command runs on what was selected.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({
  editor,
  label,
  source,
  onSource,
  uploadPurpose,
}: {
  editor: Editor;
  label: string;
  source: boolean;
  onSource: (on: boolean) => void;
  uploadPurpose: ImageUploadPurpose;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const chain = () => editor.chain().focus();
  const off = source;
  return (
    <>
      <div role="toolbar" aria-label={`${label}格式`} className="rich-text-editor-toolbar">
        {FORMATS.map((format) => (
          <ToolButton
            key={format.is}
            title={format.title}
            icon={format.icon}
            pressed={state[format.is]}
            disabled={off}
            onClick={() => format.toggle(chain()).run()}
          >
            {format.text}
          </ToolButton>
        ))}
        <ToolButton
          title="链接"
          icon={<LinkOutlined />}
          pressed={state.link}
          disabled={off}
          onClick={() => setDialog('link')}
        >
          链接
        </ToolButton>
        <ToolButton title="图片" icon={<PictureOutlined />} disabled={off} onClick={() => setDialog('image')}>
          图片
        </ToolButton>
        {HISTORY.map((step) => (
          <ToolButton
            key={step.can}
            title={step.title}
            icon={step.icon}
            disabled={off || !state[step.can]}
            onClick={() => step.take(chain()).run()}
          >
            {step.title}
          </ToolButton>
        ))}
        <ToolButton title="HTML源码" icon={<CodeOutlined />} pressed={source} onClick={() => onSource(!source)}>
          源码
        </ToolButton>
      </div>
      {dialog === 'link' ? <LinkDialog editor={editor} href={state.href} onClose={() => setDialog(null)} /> : null}
      {dialog === 'image' ? (
        <ImageDialog editor={editor} purpose={uploadPurpose} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}

function LinkDialog({ editor, href, onClose }: { editor: Editor; href: string; onClose: () => void }) {
  const [address, setAddress] = useState(href);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const url = address.trim();
    if (!isSiteUrl(url)) {
      setError(MSG.urlInvalid);
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    }
    onClose();
  };
  return (
    <Modal
      open
      title="插入链接"
      okText="确定"
      cancelText="取消"
      onOk={apply}
      onCancel={onClose}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          {href ? (
            <Button
              danger
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              移除链接
            </Button>
          ) : null}
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      <Form layout="vertical" component={false}>
        <Form.Item label="链接地址" htmlFor="rich-text-link" validateStatus={error ? 'error' : undefined} help={error}>
          <Input
            id="rich-text-link"
            value={address}
            placeholder="https://... 或 /#/activity"
            autoComplete="off"
            onChange={(event) => {
              setAddress(event.target.value);
              setError(null);
            }}
            onPressEnter={apply}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ImageDialog({
  editor,
  purpose,
  onClose,
}: {
  editor: Editor;
  purpose: ImageUploadPurpose;
  onClose: () => void;
}) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mayUpload = useCan(adminEndpoints.imageUpload);
  const { upload, uploading, percent, error: uploadError } = useImageUpload(purpose);
  const apply = () => {
    const url = src.trim();
    if (!isSiteUrl(url)) {
      setError(url ? MSG.urlInvalid : MSG.imageUrlRequired);
      return;
    }
    editor
      .chain()
      .focus()
      .setImage({ src: url, alt: alt.trim() || undefined })
      .run();
    onClose();
  };
  return (
    <Modal
      open
      title="插入图片"
      okText="插入"
      cancelText="取消"
      onOk={apply}
      onCancel={onClose}
      okButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        <Form.Item
          label="图片地址"
          htmlFor="rich-text-image"
          validateStatus={error || uploadError ? 'error' : undefined}
          help={error ?? uploadError}
          extra={mayUpload ? '可填写地址，或上传 PNG、JPEG、GIF、WebP 图片（不超过 2MB）' : undefined}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="rich-text-image"
              value={src}
              placeholder="/uploads/... 或 https://..."
              autoComplete="off"
              onChange={(event) => {
                setSrc(event.target.value);
                setError(null);
              }}
            />
            {mayUpload ? (
              <Upload
                accept={IMAGE_ACCEPT}
                showUploadList={false}
                disabled={uploading}
                beforeUpload={(file) => {
                  void upload(file).then((path) => {
                    if (path) {
                      setSrc(path);
                      setError(null);
                    }
                  });
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />} loading={uploading}>
                  上传图片
                </Button>
              </Upload>
            ) : null}
          </Space.Compact>
        </Form.Item>
        {uploading ? <Progress percent={percent} size="small" aria-label="图片上传进度" /> : null}
        <Form.Item label="说明文字" htmlFor="rich-text-image-alt" extra="图片无法显示时显示，也供读屏软件朗读">
          <Input
            id="rich-text-image-alt"
            value={alt}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setAlt(event.target.value)}
          />
        </Form.Item>
        {isSiteUrl(src.trim()) ? (
          <img src={src.trim()} alt="待插入图片预览" style={{ maxWidth: '100%', maxHeight: 160, display: 'block' }} />
        ) : null}
      </Form>
    </Modal>
  );
}
