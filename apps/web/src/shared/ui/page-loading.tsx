/**
 * Three bouncing dots, drawn and timed as antd-mobile's DotLoading draws them. Ours: the loader shows on a first
 * visit to any lazy screen, and DotLoading would bring antd-mobile's core into the entry (bench/page-weight.ts).
 */
function LoadingDots() {
  return (
    <div className="loading-dots">
      <svg height="1em" viewBox="0 0 100 40" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <rect key={i} fill="currentColor" x={20 + i * 26} y="16" width="8" height="8" rx="2">
            <animate
              attributeName="y"
              from="16"
              to="16"
              dur="2s"
              begin={`${i * 0.2}s`}
              repeatCount="indefinite"
              values="16; 6; 26; 16; 16"
              keyTimes="0; 0.1; 0.3; 0.4; 1"
            />
          </rect>
        ))}
      </svg>
    </div>
  );
}

export function PageLoading({ label = '加载中' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <LoadingDots />
      <span>{label}</span>
    </div>
  );
}
