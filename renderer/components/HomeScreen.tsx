import type { AppError } from '../../common/result';
import { Footer } from './Footer';
import { Notice } from './Notice';
import { OrgHeader } from './OrgHeader';
import { TaskSection } from './TaskSection';

/** Signed in: who you are, your tasks, and how the connection is doing. */
export function HomeScreen(props: {
  readonly problem: AppError | null;
  readonly onOpenSettings: () => void;
}) {
  return (
    <div className="app">
      <OrgHeader />
      {props.problem && (
        <Notice tone="warning" role="alert" className="app__problem">
          <p>{props.problem.message}</p>
        </Notice>
      )}
      <TaskSection />
      <Footer onOpenSettings={props.onOpenSettings} />
    </div>
  );
}
