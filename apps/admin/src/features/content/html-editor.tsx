import type { ImageUploadPurpose } from '@h5/contract';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The editor (TipTap and ProseMirror) is a chunk of its own, fetched the first time a form shows one: the other
// console screens never load it.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  /** What an image uploaded from the editor's 图片 dialog is stored as (default: content). */
  uploadPurpose?: ImageUploadPurpose;
}

/**
 * Operator HTML (promotion content and memo, help articles, inbox messages, the welcome text): a visual editor with
 * a 源码 view of the HTML. The server cleans it with DOMPurify before storing; the editor only writes markup that
 * cleaning keeps.
 */
export function HtmlEditor(props: Props) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label={`${props.label}编辑器加载中`}>
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
