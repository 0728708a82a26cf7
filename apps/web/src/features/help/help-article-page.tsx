import { useSearchParams } from '../../shared/router/router';
import { ArticleView } from './article-view';
import { ABOUTS_TITLES, aboutsType } from './abouts';
import { articleTitle } from './articles';
import { findTutorial, type Tutorial } from './tutorials';

function TutorialView({ tutorial }: { tutorial: Tutorial }) {
  return (
    <article className="article">
      <h2 className="article-title">{tutorial.title}</h2>
      <ol className="rich-text tutorial-steps">
        {tutorial.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </article>
  );
}

/** docs/member-app.md "Screens by route" /boutBallBetInfo?type=N (server articles); ?tutorial=key shows one of our tutorials instead. */
export function HelpArticlePage() {
  const [params] = useSearchParams();
  const tutorial = findTutorial(params.get('tutorial'));
  const type = Number(params.get('type'));
  return (
    <main className="help-page">
      {tutorial ? <TutorialView tutorial={tutorial} /> : <ArticleView type={type} title={articleTitle(type)} />}
    </main>
  );
}

/** docs/member-app.md "Screens by route" /abouts?type=5 or 6 (under the back bar, which carries the same title): article 5 or 6, else 5. */
export function AboutsPage() {
  const [params] = useSearchParams();
  const type = aboutsType(params);
  return (
    <main className="help-page">
      <ArticleView type={type} title={ABOUTS_TITLES[type]} />
    </main>
  );
}
