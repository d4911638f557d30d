import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import type { PointerEvent, ReactNode } from 'react';
import { step, swipeDirection } from './carousel';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface CarouselProps<T> {
  label: string;
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
  perView: (viewportWidth: number) => number;
  autoAdvanceMs: number;
  /** Swipe threshold in px for a carousel of the given width. */
  swipeThreshold: (width: number) => number;
  gap?: number;
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** Looping carousel: auto-advance (paused while dragging, hovered or focused), swipe, arrows and dots. */
export function Carousel<T>(props: CarouselProps<T>) {
  const { items, perView: perViewOf, autoAdvanceMs, swipeThreshold, gap = 24 } = props;
  const perView = Math.min(perViewOf(useViewportWidth()), items.length);
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const positions = Math.max(1, items.length - perView + 1);
  const current = Math.min(index, positions - 1);

  useEffect(() => {
    if (paused || dragX !== null || positions <= 1) return;
    const timer = setInterval(() => setIndex((i) => step(i, 1, items.length, perView)), autoAdvanceMs);
    return () => clearInterval(timer);
  }, [paused, dragX, positions, items.length, perView, autoAdvanceMs]);

  const go = (delta: number) => setIndex((i) => step(Math.min(i, positions - 1), delta, items.length, perView));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    setDragX(0);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    if (Math.abs(dx) > 4 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setDragX(dx);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    start.current = null;
    setDragX(null);
    const width = viewport.current?.clientWidth ?? window.innerWidth;
    const direction = swipeDirection(dx, swipeThreshold(width));
    if (direction !== 0) go(direction);
  };

  const slideWidth = `calc((100% - ${gap * (perView - 1)}px) / ${perView})`;
  const offset = `calc(${-current} * (${slideWidth} + ${gap}px) + ${dragX ?? 0}px)`;

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={props.label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-index={current}
      data-per-view={perView}
    >
      <Box
        ref={viewport}
        data-testid="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          overflow: 'hidden',
          touchAction: 'pan-y',
          userSelect: dragX !== null ? 'none' : 'auto',
          py: 1.5,
          px: 0.5,
          mx: -0.5,
        }}
      >
        <Box
          aria-live={paused ? 'polite' : 'off'}
          sx={{
            display: 'flex',
            gap: `${gap}px`,
            transform: `translateX(${offset})`,
            transition: dragX !== null ? 'none' : 'transform 520ms cubic-bezier(.22,.7,.2,1)',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {items.map((item, i) => {
            const visible = i >= current && i < current + perView;
            return (
              <Box
                key={props.itemKey(item)}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${items.length}`}
                aria-hidden={!visible}
                inert={!visible}
                sx={{ flex: `0 0 ${slideWidth}`, minWidth: 0, display: 'flex' }}
              >
                {props.renderItem(item, i)}
              </Box>
            );
          })}
        </Box>
      </Box>
      {positions > 1 && (
        <Stack direction="row" alignItems="center" justifyContent="center" spacing={1} sx={{ mt: 2 }}>
          <IconButton
            aria-label="Previous slide"
            onClick={() => go(-1)}
            size="small"
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          <Stack direction="row" spacing={0.25}>
            {Array.from({ length: positions }, (_, i) => (
              <Box
                key={i}
                component="button"
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
                sx={{
                  border: 0,
                  p: 0,
                  width: 24,
                  height: 24,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: '50%',
                  '&::after': {
                    content: '""',
                    width: i === current ? 22 : 8,
                    height: 8,
                    borderRadius: 4,
                    bgcolor: i === current ? 'primary.main' : 'rgba(27,42,74,0.25)',
                    transition: 'width 200ms ease',
                  },
                }}
              />
            ))}
          </Stack>
          <IconButton
            aria-label="Next slide"
            onClick={() => go(1)}
            size="small"
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}
