import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { Props as RichTextEditorProps } from './rich-text-editor';

// The editor (TipTap and ProseMirror) is a chunk of its own, fetched the first time a form shows one: the other
// console screens never load it.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** As the editor's own (an image from its 图片 dialog is stored as content unless `uploadPurpose` says otherwise). */
type Props = RichTextEditorProps;

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
