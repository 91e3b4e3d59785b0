import { Button } from '@mantine/core';
import { isGap, pagerModel } from '../pager';
import classes from '../../../components/business.module.css';

type Props = {
  /** What the pages are of, for the navigation's name ("customers"). */
  of: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
};

/** SPEC §2.3, §4: Prev, one button per page numbered from 1 (a window of them when there are many), Next. */
export function Pager({ of, page, totalPages, onPage }: Props) {
  const model = pagerModel(page, totalPages);
  if (model.pages.length === 0) return null;
  return (
    <nav aria-label={`Pages of ${of}`} className={`${classes.pager} ${classes.noPrint}`}>
      <Button
        variant="default"
        size="sm"
        disabled={model.previous === null}
        onClick={() => model.previous !== null && onPage(model.previous)}
      >
        Prev
      </Button>
      {model.pages.map((button) =>
        isGap(button) ? (
          <span key={`gap-${button.gapAfter}`} aria-hidden="true" className={classes.pagerGap}>
            …
          </span>
        ) : (
          <Button
            key={button.index}
            variant={button.current ? 'filled' : 'default'}
            size="sm"
            aria-label={`Page ${button.label}`}
            aria-current={button.current ? 'page' : undefined}
            onClick={() => onPage(button.index)}
          >
            {button.label}
          </Button>
        ),
      )}
      <Button
        variant="default"
        size="sm"
        disabled={model.next === null}
        onClick={() => model.next !== null && onPage(model.next)}
      >
        Next
      </Button>
    </nav>
  );
}
