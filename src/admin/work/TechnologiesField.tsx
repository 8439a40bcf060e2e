import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import type { ProjectFormApi } from './project-editor';
import { addTechnologies } from './project-fields';

/**
 * 'Технологии' of the project editor: typed one by one (Enter or a comma adds, so does
 * 'Добави технология'), listed as chips that each have their own remove button.
 */
export function TechnologiesField({ form, inputId }: { form: ProjectFormApi; inputId: string }) {
  const technologies = useController({ control: form.control, name: 'technologies' });
  const [techInput, setTechInput] = useState('');

  function onTechKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTech();
    }
  }

  function addTech() {
    if (!techInput.trim()) return;
    technologies.field.onChange(addTechnologies(technologies.field.value, techInput));
    setTechInput('');
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>Технологии</Label>
      <div className="flex gap-2">
        <Input id={inputId} value={techInput} onChange={(e) => setTechInput(e.target.value)} onKeyDown={onTechKey} aria-describedby={`${inputId}-hint`} />
        <Button variant="outline" onClick={addTech} disabled={!techInput.trim()}>
          <Plus aria-hidden="true" />
          Добави технология
        </Button>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-slate-600">
        Натиснете Enter или запетая след всяка технология.
      </p>
      {technologies.field.value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Технологии на проекта">
          {technologies.field.value.map((tech) => (
            <li key={tech}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1">
                {tech}
                <button
                  type="button"
                  className="inline-flex size-5 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  aria-label={`Премахни ${tech}`}
                  onClick={() => technologies.field.onChange(technologies.field.value.filter((t) => t !== tech))}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
